// A malloc tracer for HotSpot's `java` (LD_PRELOAD), branch sym38: where the run's Symbols land
// and what else the JVM mallocs between class definitions (interp/symbol-heap.ts models the
// heap; docs/BENCHMARKS.md part E, sym38). A run takes seconds, where gdb breakpoints on every
// Symbol took minutes (rm37). Only processes whose executable is named `java` are traced, so it
// can be preloaded into `node bin/komorium.mjs run --engine jvm ...` (the HotSpot engine's java
// is traced, node is not).
//
// Build and use (not part of the build; gcc only):
//   gcc -O1 -shared -fPIC -o /tmp/malloc-trace.so scripts/malloc-trace.c -ldl
//   LD_PRELOAD=/tmp/malloc-trace.so MT_LOG=/tmp/mt [MT_MIN=1024] java -cp DIR Main
// writes /tmp/mt.PID, one line per event:
//   M|R|C TID ADDR SIZE FRAMES...  a malloc/realloc/calloc of SIZE >= MT_MIN (default 1024) and
//                                   the caller's frames (symbol, or library+offset: resolve
//                                   libjvm's with addr2line -f -C -e .../libjvm.so 0xOFFSET)
//   F TID ADDR USABLE               a free of a chunk whose usable size is >= MT_MIN
//   s ADDR SIZE TEXT                each smaller malloc of this thread since its last M/F line,
//                                   written at the next M/F line (or at exit), with the printable
//                                   runs of its first 200 bytes then: a Symbol shows its name
//                                   (java 17: the Symbol itself; 25: the table node holding it).
// The main Java thread is the one whose M lines name Java_java_lang_ClassLoader_defineClass1
// (the class bytes' copy). With MT_MIN=1 every malloc and free is logged with its frames.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void __libc_free(void *);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_calloc(size_t, size_t);

static int fd = -2;
static size_t minsz = 1024;
static __thread int busy;
#define RING 16384
static __thread void *ring_at[RING];
static __thread size_t ring_size[RING];
static __thread int ring_n;

static void init(void) {
  char exe[256];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  const char *log = getenv("MT_LOG");
  fd = -1;
  if (n < 0 || log == NULL) return;
  exe[n] = 0;
  const char *b = strrchr(exe, '/');
  if (strcmp(b ? b + 1 : exe, "java") != 0) return;
  char path[512];
  snprintf(path, sizeof path, "%s.%d", log, (int)getpid());
  fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const char *m = getenv("MT_MIN");
  if (m) minsz = strtoul(m, NULL, 10);
}

static void dump_ring(void) {
  char buf[512];
  for (int i = 0; i < ring_n; i++) {
    const unsigned char *c = ring_at[i];
    size_t n = ring_size[i] < 200 ? ring_size[i] : 200;
    int len = snprintf(buf, sizeof buf, "s %p %zu ", ring_at[i], ring_size[i]);
    int run = 0;
    for (size_t j = 0; j < n && len < 480; j++) {
      if (c[j] >= 32 && c[j] < 127) {
        buf[len++] = (char)c[j];
        run++;
      } else {
        if (run) buf[len++] = '|';
        run = 0;
      }
    }
    buf[len++] = '\n';
    if (write(fd, buf, len) < 0) return;
  }
  ring_n = 0;
}

static void log_event(char kind, void *p, size_t size, int frames) {
  if (fd == -2) init();
  if (fd < 0) return;
  char buf[2048];
  int len = snprintf(buf, sizeof buf, "%c %ld %p %zu", kind, (long)syscall(SYS_gettid), p, size);
  if (frames) {
    void *fr[12];
    int n = backtrace(fr, 12);
    for (int i = 2; i < n && len < 1900; i++) {
      Dl_info di;
      if (dladdr(fr[i], &di) && di.dli_sname) {
        len += snprintf(buf + len, sizeof buf - len, " %.60s", di.dli_sname);
      } else if (dladdr(fr[i], &di) && di.dli_fname) {
        const char *b = strrchr(di.dli_fname, '/');
        len += snprintf(buf + len, sizeof buf - len, " %s+%lx", b ? b + 1 : di.dli_fname, (unsigned long)((char *)fr[i] - (char *)di.dli_fbase));
      } else {
        len += snprintf(buf + len, sizeof buf - len, " %p", fr[i]);
      }
    }
  }
  buf[len++] = '\n';
  dump_ring();
  if (write(fd, buf, len) < 0) return;
}

void *malloc(size_t n) {
  void *p = __libc_malloc(n);
  if (!busy) {
    busy = 1;
    if (n >= minsz) log_event('M', p, n, 1);
    else if (ring_n < RING) {
      ring_at[ring_n] = p;
      ring_size[ring_n++] = n;
    }
    busy = 0;
  }
  return p;
}

void free(void *p) {
  if (p && !busy) {
    busy = 1;
    size_t u = malloc_usable_size(p);
    if (u >= minsz) log_event('F', p, u, 0);
    busy = 0;
  }
  __libc_free(p);
}

void *realloc(void *o, size_t n) {
  void *p = __libc_realloc(o, n);
  if (!busy && n >= minsz) {
    busy = 1;
    log_event('R', p, n, 1);
    busy = 0;
  }
  return p;
}

void *calloc(size_t a, size_t b) {
  void *p = __libc_calloc(a, b);
  if (!busy && a * b >= minsz) {
    busy = 1;
    log_event('C', p, a * b, 1);
    busy = 0;
  }
  return p;
}

__attribute__((destructor)) static void finish(void) {
  if (fd >= 0) {
    busy = 1;
    dump_ring();
  }
}
