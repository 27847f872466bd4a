# Names every identity hash HotSpot 25 draws (gdb Python; Temurin 25's libjvm and the HotSpot
# engine's copy of it keep their symbol table). JDK 25's s17 script (ihash-draws-gdb.py) with a
# breakpoint on get_next_hash(Thread*, oopDesc*) itself, which is not inlined in 25: every call is
# one draw of the calling thread's generator, so no mark-word test. Logs gdb's thread number, the
# object's class (a mirror: the class it mirrors) and the native frames above, one line a draw,
# to $DRAWS_LOG; the main Java thread is gdb thread 2 (its lines in order are its generator's
# draws, comparable with the embedded engine's KOMORIUM_TRACE_IHASH lines). Offsets are those of
# Temurin 25.0.3's libjvm (nm -C libjvm.so: JVM_IHashCode, CompressedKlassPointers::_base and
# _shift, java_lang_Class::_klass_offset); Klass::_name at 24 ($NAME_OFF), Symbol length at 4,
# body at 6. Branch sec25 (docs/BENCHMARKS.md part E).
#
# Use: run the HotSpot engine with -J-XX:+UnlockDiagnosticVMOptions -J-XX:+PauseAtStartup, find
# the java process, then
#   DRAWS_LOG=draws.log gdb -p PID -batch -ex 'source scripts/ihash-draws-gdb25.py' \
#     -ex 'shell rm -f CWD/vm.paused.PID' -ex continue
import os
import gdb
gdb.execute("set pagination off")
gdb.execute("set confirm off")
for sig in ("SIGSEGV", "SIGILL", "SIGUSR2", "SIGQUIT", "SIGBUS", "SIGFPE"):
    gdb.execute(f"handle {sig} nostop noprint pass")
JVM_IHASHCODE = 0xb1aa90
CKP_BASE = 0x17707f0
CKP_SHIFT = 0x17707e8
KLASS_OFFSET = 0x17b1ebc
NAME_OFF = int(os.environ.get("NAME_OFF", "24"))
BASE = int(gdb.parse_and_eval("(long)&JVM_IHashCode")) - JVM_IHASHCODE
inferior = gdb.selected_inferior()
def read(addr, n): return bytes(inferior.read_memory(addr, n))
def u64(a): return int.from_bytes(read(a, 8), "little")
def s32(a): return int.from_bytes(read(a, 4), "little", signed=True)
def klass_name(k):
    if k == 0: return "null"
    sym = u64(k + NAME_OFF)
    n = int.from_bytes(read(sym + 4, 2), "little")
    return read(sym + 6, n).decode("latin1")
def describe(o):
    base = u64(BASE + CKP_BASE)
    shift = s32(BASE + CKP_SHIFT)
    k = base + (int.from_bytes(read(o + 8, 4), "little") << shift)
    name = klass_name(k)
    if name == "java/lang/Class":
        mirrored = u64(o + s32(BASE + KLASS_OFFSET))
        return "Class " + (klass_name(mirrored) if mirrored else "(primitive)")
    if name == "java/lang/String":
        return "String"
    return name
out = open(os.environ.get("DRAWS_LOG", "draws.log"), "w")
class Draws(gdb.Breakpoint):
    def stop(self):
        try:
            o = int(gdb.parse_and_eval("$rsi"))
            mark = u64(o)
            frame, names = gdb.newest_frame(), []
            for _ in range(7):
                if frame is None: break
                names.append(frame.name() or "??")
                frame = frame.older()
            out.write(f"DRAW t={gdb.selected_thread().num} m={mark & 3} {describe(o)} | {' < '.join(names[1:])}\n")
            out.flush()
        except Exception as e:
            out.write(f"ERR {e}\n"); out.flush()
        return False
Draws("get_next_hash")
