from housegame.cli import main

main()
