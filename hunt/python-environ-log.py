# The variables hunt's discovery hook for Python (hunt/python-hook.ts):
# copied into the sandbox as `sitecustomize.py` in a directory on PYTHONPATH,
# so every Python process the program starts imports it first. Python fills
# os.environ once at start-up without asking libc, so the getenv shim
# (getenv-log.c) sees none of a Python program's reads; this makes every read
# through os.environ (os.getenv, .get, [], `in`) append the name to the same
# log, one write per name, as the shim does. botocore, for one, reads its
# AWS_* names from a table, which no scan of its text finds. It also logs
# `python:started` once, and `import:NAME` for each import of a module whose
# name holds the probe's (env-uses.ts hands a variable that name: a program
# that then imports it imports what the variable names).
import os
import sys

_LOG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "getenv.log")
_PROBE_MODULE = "permc_probe_module"


def _note(line):
    try:
        fd = os.open(_LOG, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o666)
        try:
            os.write(fd, (line + "\n").encode("utf-8", "replace"))
        finally:
            os.close(fd)
    except OSError:
        pass


class _LoggingEnviron(os._Environ):
    def __getitem__(self, key):
        if isinstance(key, str) and 0 < len(key) < 256:
            _note(key)
        return super().__getitem__(key)


class _ImportLog:
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if _PROBE_MODULE in name:
            _note("import:" + name)
        return None


os.environ.__class__ = _LoggingEnviron
sys.meta_path.insert(0, _ImportLog)
_note("python:started")
