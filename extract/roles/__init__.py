"""The role components, one module per role, and the filing-level stages around them.

Each role module ends with ``role_factory(...)``, which registers its component; the pipeline
finds them all by walking this package (:func:`corpkg.extract.roles.base.discover`), so no list
of roles is kept here or anywhere else in the code.
"""
