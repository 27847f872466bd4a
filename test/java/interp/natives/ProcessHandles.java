import java.nio.file.*;
import java.time.*;
import java.util.*;

/** ProcessHandle.current(): pid, liveness, parent, and the program's own command line. */
public class ProcessHandles {
  public static void main(String[] args) {
    ProcessHandle me = ProcessHandle.current();
    System.out.println("pid > 0: " + (me.pid() > 0));
    System.out.println("same: " + me.equals(ProcessHandle.current()) + " " + (me.pid() == ProcessHandle.current().pid()));
    System.out.println("alive: " + me.isAlive());
    System.out.println("of(pid): " + ProcessHandle.of(me.pid()).map(h -> h.pid() == me.pid()).orElse(false));
    System.out.println("parent present: " + me.parent().isPresent());
    System.out.println("parent alive: " + me.parent().map(ProcessHandle::isAlive).orElse(false));
    System.out.println("no such process: " + ProcessHandle.of(Integer.MAX_VALUE - 7).isPresent());
    ProcessHandle.Info info = me.info();
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    System.out.println("command is java: " + info.command().map(c -> c.equals(java.toString())).orElse(false));
    System.out.println("arguments: " + info.arguments().map(Arrays::asList).orElse(null));
    System.out.println("commandLine ends with main: " + info.commandLine().map(c -> c.contains("ProcessHandles")).orElse(false));
    System.out.println("user: " + info.user().map(u -> u.equals(System.getProperty("user.name"))).orElse(false));
    Optional<Instant> start = info.startInstant();
    System.out.println("started in the past: " + start.map(s -> !s.isAfter(Instant.now()) && s.isAfter(Instant.now().minus(Duration.ofDays(1)))).orElse(false));
    System.out.println("cpu time present: " + info.totalCpuDuration().isPresent());
    System.out.println("parent in children of parent: " + me.parent().map(p -> p.children().anyMatch(c -> c.pid() == me.pid())).orElse(false));
    System.out.println("supportsNormalTermination: " + me.supportsNormalTermination());
    try {
      me.destroy();
    } catch (IllegalStateException e) {
      System.out.println("destroy: " + e.getMessage());
    }
  }
}
