package net;

import com.sun.net.httpserver.HttpServer;
import java.io.*;
import java.net.*;
import java.nio.channels.*;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.*;

/** A Selector over loopback channels, then an HTTP server (com.sun.net.httpserver) and HttpURLConnection in one program. */
public class Http {
  public static void main(String[] args) throws Exception {
    selector();
    http();
  }

  static void selector() throws Exception {
    try (Selector sel = Selector.open(); ServerSocketChannel ssc = ServerSocketChannel.open()) {
      ssc.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      ssc.configureBlocking(false);
      ssc.register(sel, SelectionKey.OP_ACCEPT);
      System.out.println("select now " + sel.selectNow());
      SocketChannel c = SocketChannel.open(ssc.getLocalAddress());
      System.out.println("select " + sel.select(1000));
      for (SelectionKey k : sel.selectedKeys()) System.out.println("acceptable " + k.isAcceptable());
      sel.selectedKeys().clear();
      SocketChannel a = ssc.accept();
      a.configureBlocking(false);
      a.register(sel, SelectionKey.OP_READ);
      System.out.println("nothing to read " + sel.select(50));
      c.write(ByteBuffer.wrap(new byte[] {1, 2, 3}));
      System.out.println("readable " + sel.select(1000) + " " + sel.selectedKeys().iterator().next().isReadable());
      sel.selectedKeys().clear();
      ByteBuffer b = ByteBuffer.allocate(10);
      System.out.println("read " + a.read(b));
      Thread w = new Thread(() -> {
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
        }
        sel.wakeup();
      });
      w.start();
      System.out.println("woken " + sel.select());
      w.join();
      c.close();
      a.close();
    }
  }

  static void http() throws Exception {
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/hello", ex -> {
      byte[] body = ("hello " + ex.getRequestMethod() + " " + ex.getRequestURI().getQuery()).getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().add("X-Test", "yes");
      ex.sendResponseHeaders(200, body.length);
      try (OutputStream o = ex.getResponseBody()) {
        o.write(body);
      }
    });
    server.start();
    try {
      int port = server.getAddress().getPort();
      for (int i = 0; i < 2; i++) {
        HttpURLConnection c = (HttpURLConnection) new URL("http://127.0.0.1:" + port + "/hello?n=" + i).openConnection();
        System.out.println(c.getResponseCode() + " " + c.getHeaderField("X-Test") + " " + new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
      }
      HttpURLConnection c = (HttpURLConnection) new URL("http://127.0.0.1:" + port + "/missing").openConnection();
      System.out.println(c.getResponseCode());
    } finally {
      server.stop(0);
    }
  }
}
