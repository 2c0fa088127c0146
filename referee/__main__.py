"""``python -m referee``: the same entry point as the ``referee`` console script."""

from referee.cli import main

if __name__ == "__main__":
    main()
