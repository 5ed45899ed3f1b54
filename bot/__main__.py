import sys

from bot.launcher import main

sys.exit(main())
