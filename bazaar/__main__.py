from bazaar.cli import program

program()
