# Names every identity hash HotSpot 17 draws (gdb Python; Debian's JDK 17 libjvm and the HotSpot
# engine's copy of it keep their symbol table, no debug info). A breakpoint on
# ObjectSynchronizer::FastHashCode(Thread*, oopDesc*) logs each object whose mark word has no hash
# yet (or is locked), with gdb's thread number, the object's class (a mirror: the class it
# mirrors) and the native frames above, one line per draw, to $DRAWS_LOG. The main Java thread
# is gdb thread 2; its lines in order are its generator's draws (ihash.ts), comparable with the
# embedded engine's KOMORIUM_TRACE_IHASH lines. Offsets are those of Debian's 17.0 libjvm
# (nm -C libjvm.so: JVM_IHashCode, CompressedKlassPointers::_narrow_klass,
# java_lang_Class::_klass_offset); Klass::_name at 24, Symbol length at 4, body at 6.
#
# Use (docs/BENCHMARKS.md part E, "s17"): run the HotSpot engine with
#   -J-XX:+UnlockDiagnosticVMOptions -J-XX:+PauseAtStartup
# find the java process, then
#   DRAWS_LOG=draws.log gdb -p PID -batch -ex 'source scripts/ihash-draws-gdb.py' \
#     -ex 'shell rm -f CWD/vm.paused.PID' -ex continue
import os
import gdb

gdb.execute("set pagination off")
gdb.execute("set confirm off")
for sig in ("SIGSEGV", "SIGILL", "SIGUSR2", "SIGQUIT", "SIGBUS", "SIGFPE"):
    gdb.execute(f"handle {sig} nostop noprint pass")

JVM_IHASHCODE = 0x8fc140
NARROW_KLASS = 0x12e9320
KLASS_OFFSET = 0x1332e40
BASE = int(gdb.parse_and_eval("(long)&JVM_IHashCode")) - JVM_IHASHCODE
inferior = gdb.selected_inferior()


def read(addr, n):
    return bytes(inferior.read_memory(addr, n))


def u64(a):
    return int.from_bytes(read(a, 8), "little")


def s32(a):
    return int.from_bytes(read(a, 4), "little", signed=True)


def klass_name(k):
    if k == 0:
        return "null"
    sym = u64(k + 24)
    n = int.from_bytes(read(sym + 4, 2), "little")
    return read(sym + 6, n).decode("latin1")


def describe(o):
    base = u64(BASE + NARROW_KLASS)
    shift = s32(BASE + NARROW_KLASS + 8)
    k = base + (int.from_bytes(read(o + 8, 4), "little") << shift)
    name = klass_name(k)
    if name == "java/lang/Class":
        mirrored = u64(o + s32(BASE + KLASS_OFFSET))
        return "Class " + (klass_name(mirrored) if mirrored else "(primitive)")
    return name


out = open(os.environ.get("DRAWS_LOG", "draws.log"), "w")


class Draws(gdb.Breakpoint):
    def stop(self):
        try:
            o = int(gdb.parse_and_eval("$rsi"))
            mark = u64(o)
            if ((mark >> 8) & 0x7FFFFFFF) != 0 and (mark & 3) == 1:
                return False  # unlocked with a hash: no draw
            frame, names = gdb.newest_frame(), []
            for _ in range(9):
                if frame is None:
                    break
                names.append(frame.name() or "??")
                frame = frame.older()
            out.write(f"DRAW t={gdb.selected_thread().num} m={mark & 3} {describe(o)} | {' < '.join(names[1:])}\n")
            out.flush()
        except Exception as e:  # noqa: BLE001 (keep the VM running)
            out.write(f"ERR {e}\n")
            out.flush()
        return False


Draws("ObjectSynchronizer::FastHashCode")
