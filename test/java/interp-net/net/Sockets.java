package net;

import java.io.*;
import java.net.*;
import java.nio.ByteBuffer;
import java.nio.channels.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

/**
 * Loopback sockets within one program: an echo server and a client in two threads, EOF, half
 * close, timeouts, refused connections, a bound port, channels. Prints nothing that differs by
 * run (no port numbers), and only from the main thread.
 */
public class Sockets {
  static final InetAddress LO = InetAddress.getLoopbackAddress();

  public static void main(String[] args) throws Exception {
    echo();
    sameThread();
    timeouts();
    refused();
    bulk();
    closeWhileAccepting();
    channels();
  }

  /** An echo server in another thread: upper-cases lines until the client half-closes. */
  static void echo() throws Exception {
    List<String> log = Collections.synchronizedList(new ArrayList<>());
    try (ServerSocket ss = new ServerSocket(0, 50, LO)) {
      int port = ss.getLocalPort();
      System.out.println("bound " + ss.isBound() + " " + (port > 0) + " " + ss.getInetAddress() + " " + ss.getLocalSocketAddress().equals(new InetSocketAddress(LO, port)));
      Thread server = new Thread(() -> {
        try (Socket s = ss.accept()) {
          log.add("server local " + s.getLocalAddress() + " " + (s.getLocalPort() == port) + " remote " + s.getInetAddress());
          BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
          PrintWriter out = new PrintWriter(new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8), true);
          int n = 0;
          for (String line; (line = in.readLine()) != null; n++) out.println(line.toUpperCase());
          log.add("server saw EOF after " + n + " lines");
          out.println("count=" + n);
        } catch (IOException e) {
          log.add("server " + e);
        }
      }, "echo-server");
      server.start();
      try (Socket c = new Socket("localhost", port)) {
        System.out.println("client " + c.isConnected() + " " + c.getInetAddress() + " " + (c.getPort() == port) + " " + c.getLocalAddress() + " " + (c.getLocalPort() > 0 && c.getLocalPort() != port));
        BufferedReader in = new BufferedReader(new InputStreamReader(c.getInputStream(), StandardCharsets.UTF_8));
        PrintWriter out = new PrintWriter(new OutputStreamWriter(c.getOutputStream(), StandardCharsets.UTF_8), true);
        for (String w : new String[] {"hello", "wörld", "", "three words here"}) {
          out.println(w);
          System.out.println("echo [" + in.readLine() + "]");
        }
        c.shutdownOutput();
        System.out.println("shut " + c.isOutputShutdown() + " " + c.isInputShutdown());
        System.out.println("reply [" + in.readLine() + "] then " + in.readLine() + " " + c.getInputStream().read());
      }
      server.join();
      for (String l : log) System.out.println(l);
    }
  }

  /** Connect completes before accept (the backlog), so one thread can do both ends. */
  static void sameThread() throws Exception {
    try (ServerSocket ss = new ServerSocket()) {
      System.out.println("unbound " + ss.isBound() + " " + ss.getLocalPort());
      ss.bind(new InetSocketAddress("127.0.0.1", 0));
      try (Socket c = new Socket(); Socket dup = new Socket()) {
        c.connect(new InetSocketAddress(LO, ss.getLocalPort()));
        try (Socket a = ss.accept()) {
          OutputStream o = c.getOutputStream();
          o.write(new byte[] {1, 2, 3, 4, 5});
          o.flush();
          InputStream i = a.getInputStream();
          System.out.println("available " + i.available());
          byte[] b = new byte[10];
          System.out.println("read " + i.read(b, 0, 3) + " " + Arrays.toString(b) + " available " + i.available());
          a.getOutputStream().write(42);
          System.out.println("back " + c.getInputStream().read() + " " + a.getRemoteSocketAddress().equals(c.getLocalSocketAddress())
              + " " + c.getRemoteSocketAddress().equals(a.getLocalSocketAddress()));
          a.close();
          System.out.println("after peer close " + c.getInputStream().read() + " closed " + a.isClosed() + " " + c.isClosed());
          try {
            a.getInputStream();
          } catch (IOException e) {
            System.out.println(e);
          }
        }
        try (ServerSocket again = new ServerSocket(ss.getLocalPort(), 50, LO)) {
          System.out.println("rebound?");
        } catch (BindException e) {
          System.out.println(e);
        }
      }
    }
  }

  static void timeouts() throws Exception {
    try (ServerSocket ss = new ServerSocket(0, 50, LO)) {
      ss.setSoTimeout(50);
      System.out.println("so timeout " + ss.getSoTimeout());
      try {
        ss.accept();
      } catch (SocketTimeoutException e) {
        System.out.println(e);
      }
      try (Socket c = new Socket(LO, ss.getLocalPort()); Socket a = ss.accept()) {
        c.setSoTimeout(100);
        long t0 = System.nanoTime();
        try {
          c.getInputStream().read();
        } catch (SocketTimeoutException e) {
          System.out.println(e + " waited " + ((System.nanoTime() - t0) >= 100_000_000L));
        }
        a.getOutputStream().write(7);
        System.out.println("then read " + c.getInputStream().read() + " " + c.getSoTimeout());
      }
    }
  }

  static void refused() throws Exception {
    int port;
    try (ServerSocket ss = new ServerSocket(0, 50, LO)) {
      port = ss.getLocalPort();
    }
    try (Socket c = new Socket(LO, port)) {
      System.out.println("connected?");
    } catch (ConnectException e) {
      System.out.println(e);
    }
    try (Socket c = new Socket()) {
      c.connect(new InetSocketAddress(LO, port), 1000);
    } catch (ConnectException e) {
      System.out.println("timed connect " + e);
    }
    try (Socket c = new Socket()) {
      c.connect(InetSocketAddress.createUnresolved("example.invalid", 80));
    } catch (IOException e) {
      System.out.println(e);
    }
  }

  /** 80 KB each way at once: the writer does not wait for the reader. */
  static void bulk() throws Exception {
    try (ServerSocket ss = new ServerSocket(0, 50, LO)) {
      long[] sum = new long[1];
      Thread t = new Thread(() -> {
        try (Socket a = ss.accept(); DataInputStream in = new DataInputStream(new BufferedInputStream(a.getInputStream()))) {
          DataOutputStream out = new DataOutputStream(new BufferedOutputStream(a.getOutputStream()));
          int n = in.readInt();
          long s = 0;
          for (int i = 0; i < n; i++) {
            int v = in.readInt();
            s += v;
            out.writeInt(v * 3);
          }
          out.flush();
          sum[0] = s;
        } catch (IOException e) {
          System.out.println("bulk server " + e);
        }
      });
      t.start();
      try (Socket c = new Socket(LO, ss.getLocalPort())) {
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(c.getOutputStream()));
        int n = 20_000;
        out.writeInt(n);
        for (int i = 0; i < n; i++) out.writeInt(i ^ 0x5555);
        out.flush();
        DataInputStream in = new DataInputStream(new BufferedInputStream(c.getInputStream()));
        long back = 0;
        for (int i = 0; i < n; i++) back += in.readInt();
        t.join();
        System.out.println("bulk " + sum[0] + " " + back + " eof " + in.read());
      }
    }
  }

  static void closeWhileAccepting() throws Exception {
    ServerSocket ss = new ServerSocket(0, 50, LO);
    String[] got = new String[1];
    Thread t = new Thread(() -> {
      try {
        ss.accept();
        got[0] = "accepted?";
      } catch (IOException e) {
        got[0] = e.toString();
      }
    });
    t.start();
    Thread.sleep(200);
    System.out.println("state while accepting: " + t.getState());
    ss.close();
    t.join();
    System.out.println("accept during close: " + got[0] + " " + ss.isClosed());
    try {
      ss.accept();
    } catch (SocketException e) {
      System.out.println(e);
    }
  }

  static void channels() throws Exception {
    try (ServerSocketChannel ssc = ServerSocketChannel.open()) {
      ssc.bind(new InetSocketAddress(LO, 0));
      InetSocketAddress at = (InetSocketAddress) ssc.getLocalAddress();
      System.out.println("channel bound " + at.getAddress() + " " + ssc.isBlocking());
      try (SocketChannel c = SocketChannel.open(at); SocketChannel a = ssc.accept()) {
        System.out.println("channel " + c.isConnected() + " " + a.isConnected() + " " + ((InetSocketAddress) c.getRemoteAddress()).getAddress());
        c.write(ByteBuffer.wrap("ping".getBytes(StandardCharsets.US_ASCII)));
        ByteBuffer b = ByteBuffer.allocate(16);
        int n = a.read(b);
        System.out.println("channel read " + n + " " + new String(b.array(), 0, n, StandardCharsets.US_ASCII));
        a.shutdownOutput();
        System.out.println("channel eof " + c.read(ByteBuffer.allocate(4)));
        a.configureBlocking(false);
        System.out.println("nonblocking read " + a.read(ByteBuffer.allocate(4)));
      }
    }
  }
}
