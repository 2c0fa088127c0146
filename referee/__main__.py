"""``python -m referee``: the same entry point as the ``referee`` console script.

Under a profiler (``python -m cProfile -m referee judge FILE``) the command runs as the console
script runs it, but the process then ends the ordinary way, so the profiler can write its
report: the console script's fast exit (``os._exit``, which skips the interpreter's teardown)
would end the process before it does.
"""

import sys

from referee import cli

if __name__ == "__main__":
    if sys.getprofile() is None and sys.gettrace() is None:
        cli.main()
    else:  # profiled or traced
        import gc

        gc.disable()  # as the console script runs (see referee.cli.main)
        sys.exit(cli.run(sys.argv[1:]))
