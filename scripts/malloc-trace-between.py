# What the main Java thread mallocs and keeps between two class definitions, from a
# scripts/malloc-trace.c log taken with MT_MIN=1 (every malloc and free logged with its frames).
# Branch sym38: the allocations interp/symbol-heap.ts does not model, which take the holes the
# class bytes leave before the next class's bytes and Symbols (java 17 on generated programs:
# SystemDictionary's entries, StringTable nodes of interned names, protection-domain entries,
# loader constraints, adapters' oop maps, the JIT's CompileTasks...).
#   python3 scripts/malloc-trace-between.py /tmp/mt.PID
# For each window between two class-bytes mallocs (Java_java_lang_ClassLoader_defineClass1/0 of
# 200 bytes or more, a class file; its smaller mallocs are not): the bytes still allocated at the
# window's end (the class's own Symbols included), grouped by request size and the first four
# frames (libjvm offsets: addr2line -f -C -e .../lib/server/libjvm.so 0xOFFSET).
import collections
import sys

events = []
main = None
for line in open(sys.argv[1], errors="replace"):
    p = line.rstrip("\n").split(" ")
    if len(p) < 4 or p[0] not in ("M", "F", "R", "C"):
        continue
    if main is None and "defineClass1" in line:
        main = p[1]
    events.append((p[0], p[1], int(p[2], 16), int(p[3]), p[4:]))
events = [e for e in events if e[1] == main]
defines = [i for i, e in enumerate(events) if e[0] == "M" and e[3] >= 200 and any("defineClass" in f for f in e[4][:2])]


def frames(fs):
    return " < ".join([f for f in fs if not f.startswith("0x")][2:6])


for a, b in zip(defines, defines[1:]):
    live = {}
    for kind, _, at, size, fs in events[a + 1 : b]:
        if kind == "F":
            live.pop(at, None)
        else:
            live[at] = (size, frames(fs))
    groups = collections.Counter(live.values())
    print(f"--- class bytes {events[a][3]} -> {events[b][3]}: {sum(s for s, _ in live.values())} bytes kept in {len(live)} mallocs")
    for (size, fs), n in groups.most_common(12):
        print(f"   {n} x {size}  {fs}")
