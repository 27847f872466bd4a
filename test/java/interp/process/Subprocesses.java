import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;

/** ProcessBuilder and Runtime.exec: pipes, redirects, stdin, exit values, timeouts, destroy, handles. */
public class Subprocesses {
  static String read(InputStream in) throws IOException {
    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
  }

  public static void main(String[] args) throws Exception {
    // stdout and stderr through pipes, exit value.
    Process p = new ProcessBuilder("sh", "-c", "echo hello; echo oops >&2; exit 3").start();
    System.out.print("out: " + read(p.getInputStream()));
    System.out.print("err: " + read(p.getErrorStream()));
    System.out.println("exit: " + p.waitFor() + " " + p.exitValue() + " alive " + p.isAlive());
    System.out.println("toString: " + p.toString().replaceAll("pid=\\d+", "pid=N"));

    // redirectErrorStream: both in one stream, the error stream empty.
    p = new ProcessBuilder("sh", "-c", "echo one; echo two >&2; echo three").redirectErrorStream(true).start();
    System.out.print("merged: " + read(p.getInputStream()));
    System.out.println("merged err: " + p.getErrorStream().read() + " exit " + p.waitFor());

    // Writing the child's stdin.
    p = new ProcessBuilder("tr", "a-z", "A-Z").start();
    try (OutputStream o = p.getOutputStream()) {
      for (int i = 0; i < 2000; i++) o.write(("line " + i + " of input\n").getBytes());
    }
    String up = read(p.getInputStream());
    System.out.println("tr: " + up.length() + " chars, " + up.substring(0, 24).replace('\n', '|') + " exit " + p.waitFor());

    // A lot of output (more than a pipe holds) read while the child runs.
    p = new ProcessBuilder("sh", "-c", "i=0; while [ $i -lt 3000 ]; do echo \"row $i of the output\"; i=$((i+1)); done").start();
    BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()));
    int lines = 0;
    String last = null;
    for (String l; (l = r.readLine()) != null; lines++) last = l;
    System.out.println("lines: " + lines + " last: " + last + " exit " + p.waitFor());

    // Redirects to and from files.
    Path dir = Files.createTempDirectory("subproc");
    Path in = dir.resolve("in.txt");
    Files.writeString(in, "from a file\n");
    Path out = dir.resolve("out.txt");
    p = new ProcessBuilder("cat").redirectInput(in.toFile()).redirectOutput(out.toFile()).start();
    System.out.println("file redirect exit " + p.waitFor() + ": " + Files.readString(out).trim() + " stdout " + p.getInputStream().read());
    p = new ProcessBuilder("sh", "-c", "echo appended").redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile())).start();
    p.waitFor();
    System.out.println("append: " + Files.readAllLines(out));

    // Working directory and environment.
    ProcessBuilder pb = new ProcessBuilder("sh", "-c", "pwd; echo $KOMORIUM_CHILD_VAR").directory(dir.toFile());
    pb.environment().put("KOMORIUM_CHILD_VAR", "set by the parent");
    p = pb.start();
    System.out.print("dir/env: " + read(p.getInputStream()).replace(dir.toRealPath().toString(), "<dir>"));
    p.waitFor();

    // Inherited output goes where the program's goes, in order.
    System.out.println("before inherit");
    p = new ProcessBuilder("sh", "-c", "echo from the child; echo child err >&2").inheritIO().start();
    System.out.println("inherit exit " + p.waitFor());

    // Timeouts, destroy, handles.
    p = new ProcessBuilder("sleep", "30").start();
    long pid = p.pid();
    System.out.println("sleeping: alive " + p.isAlive() + " waitFor(100ms) " + p.waitFor(100, TimeUnit.MILLISECONDS));
    ProcessHandle h = p.toHandle();
    System.out.println("handle: pid " + (h.pid() == p.pid()) + " alive " + h.isAlive() + " of " + ProcessHandle.of(p.pid()).isPresent()
        + " child of current " + ProcessHandle.current().children().anyMatch(c -> c.pid() == pid)
        + " parent " + h.parent().map(x -> x.pid() == ProcessHandle.current().pid()).orElse(false));
    System.out.println("info command: " + h.info().command().map(c -> c.endsWith("/sleep")).orElse(false) + " args " + h.info().arguments().map(Arrays::asList).orElse(null));
    CompletableFuture<Process> exited = p.onExit();
    CompletableFuture<ProcessHandle> handleExited = h.onExit();
    p.destroy();
    System.out.println("destroyed: " + p.waitFor() + " onExit " + (exited.get(10, TimeUnit.SECONDS) == p) + " handle onExit " + (handleExited.get(10, TimeUnit.SECONDS).pid() == p.pid()));
    System.out.println("after: alive " + p.isAlive() + " handle alive " + h.isAlive() + " of " + ProcessHandle.of(p.pid()).isPresent());
    Process k = new ProcessBuilder("sleep", "30").start();
    System.out.println("destroyForcibly: " + k.destroyForcibly().waitFor());

    // Runtime.exec and errors.
    p = Runtime.getRuntime().exec(new String[] {"echo", "via", "Runtime.exec"});
    System.out.print(read(p.getInputStream()));
    p.waitFor();
    try {
      new ProcessBuilder("komorium-no-such-program").start();
    } catch (IOException e) {
      System.out.println(e.getMessage());
    }
    try {
      new ProcessBuilder(in.toString()).start();
    } catch (IOException e) {
      System.out.println(e.getMessage().replace(in.toString(), "<in.txt>"));
    }
    try {
      new ProcessBuilder("true").directory(dir.resolve("missing").toFile()).start();
    } catch (IOException e) {
      System.out.println(e.getMessage().replace(dir.toString(), "<dir>"));
    }
    // Writing to a child that has gone.
    p = new ProcessBuilder("true").start();
    p.waitFor();
    try {
      OutputStream o = p.getOutputStream();
      o.write(new byte[100000]);
      o.flush();
      System.out.println("write after exit: no error");
    } catch (IOException e) {
      // Which error depends on a race in the JDK: the process reaper closes the pipe
      // ("Stream closed") after waitFor has returned, or the write meets the closed pipe
      // first ("Broken pipe"). Both are what a JVM may print; the run must fail the write.
      String m = e.getMessage();
      System.out.println("write after exit: " + ("Stream closed".equals(m) || "Broken pipe".equals(m) ? "closed" : m));
    }
    // A pipeline.
    List<Process> pipe = ProcessBuilder.startPipeline(List.of(new ProcessBuilder("printf", "b\\na\\nc\\n"), new ProcessBuilder("sort"), new ProcessBuilder("tr", "\\n", " ")));
    System.out.println("pipeline: " + read(pipe.get(2).getInputStream()) + pipe.get(2).waitFor());
    Files.delete(in);
    Files.delete(out);
    Files.delete(dir);
  }
}
