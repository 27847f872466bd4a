package net;

import java.net.*;

/** A server thread accepts forever while main ends: java waits forever; the embedded JVM reports the hang. */
public class Stuck {
  public static void main(String[] args) throws Exception {
    ServerSocket ss = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread t = new Thread(() -> {
      try (Socket s = ss.accept()) {
        System.out.println("accepted?");
      } catch (Exception e) {
        System.out.println(e);
      }
    }, "acceptor");
    t.start();
    System.out.println("main ends");
  }
}
