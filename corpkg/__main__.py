from corpkg.cli import main

main()
