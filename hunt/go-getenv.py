# The variables hunt's discovery for Go programs (hunt/go-env-reads.ts): run
# by gdb (`gdb -batch -x go-getenv.py --args PROGRAM ARGS`) in the sandbox, it
# stops the program at syscall.Getenv, through which os.Getenv and
# os.LookupEnv read every variable, appends the name asked for to the log and
# lets the program go on. A Go program links no libc, so the getenv shim
# (getenv-log.c) cannot see these reads. The function's address comes from
# the program's own function table (go-functions.ts), in GO_GETENV_AT; the
# name is the call's string argument, in rax (pointer) and rbx (length) under
# Go's register calling convention on amd64 (Go 1.17 and later).
import os

import gdb

LOG = os.environ["GO_GETENV_LOG"]

for setting in ("pagination off", "confirm off", "print thread-events off", "startup-with-shell off"):
    gdb.execute("set " + setting)


class GetenvStop(gdb.Breakpoint):
    def stop(self):
        frame = gdb.selected_frame()
        at = int(frame.read_register("rax"))
        length = int(frame.read_register("rbx"))
        if 0 < length < 256:
            name = bytes(gdb.selected_inferior().read_memory(at, length)).decode("latin-1")
            with open(LOG, "a") as log:
                log.write(name + "\n")
        return False


GetenvStop("*" + os.environ["GO_GETENV_AT"], internal=True)
gdb.execute("run")
