package net;

import java.net.*;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.charset.StandardCharsets;

/** UDP on the loopback interface within one program: send/receive, truncation, timeouts, connected sockets, channels. */
public class Datagrams {
  static final InetAddress LO = InetAddress.getLoopbackAddress();

  static String text(DatagramPacket p) {
    return new String(p.getData(), p.getOffset(), p.getLength(), StandardCharsets.UTF_8);
  }

  public static void main(String[] args) throws Exception {
    try (DatagramSocket a = new DatagramSocket(0, LO); DatagramSocket b = new DatagramSocket()) {
      System.out.println("bound " + a.isBound() + " " + a.getLocalAddress() + " " + (a.getLocalPort() > 0) + " b " + b.getLocalAddress() + " " + b.isConnected());
      byte[] msg = "hello datagram".getBytes(StandardCharsets.UTF_8);
      b.send(new DatagramPacket(msg, msg.length, LO, a.getLocalPort()));
      b.send(new DatagramPacket(msg, 5, new InetSocketAddress("127.0.0.1", a.getLocalPort())));
      DatagramPacket p = new DatagramPacket(new byte[100], 100);
      a.receive(p);
      System.out.println("got [" + text(p) + "] from " + p.getAddress() + " " + (p.getPort() == b.getLocalPort()));
      DatagramPacket small = new DatagramPacket(new byte[3], 3);
      a.receive(small);
      System.out.println("truncated [" + text(small) + "] " + small.getLength());
      a.setSoTimeout(50);
      try {
        a.receive(p);
      } catch (SocketTimeoutException e) {
        System.out.println(e);
      }
      // Reply to the sender's address.
      a.send(new DatagramPacket("pong".getBytes(StandardCharsets.UTF_8), 4, p.getSocketAddress()));
      DatagramPacket r = new DatagramPacket(new byte[10], 10);
      b.receive(r);
      System.out.println("reply [" + text(r) + "] " + (r.getPort() == a.getLocalPort()));

      // Connected: only the peer's datagrams arrive.
      try (DatagramSocket c = new DatagramSocket(0, LO)) {
        b.connect(LO, a.getLocalPort());
        System.out.println("connected " + b.isConnected() + " " + b.getInetAddress() + " " + (b.getPort() == a.getLocalPort()));
        c.send(new DatagramPacket(new byte[] {9}, 1, LO, b.getLocalPort()));
        a.send(new DatagramPacket(new byte[] {1, 2}, 2, LO, b.getLocalPort()));
        DatagramPacket q = new DatagramPacket(new byte[10], 10);
        b.receive(q);
        System.out.println("from peer only " + q.getLength() + " " + q.getData()[0] + " " + q.getData()[1]);
        b.disconnect();
        System.out.println("disconnected " + b.isConnected());
      }
      try (DatagramSocket d = new DatagramSocket(a.getLocalPort(), LO)) {
        System.out.println("rebound?");
      } catch (SocketException e) {
        System.out.println(e.getClass().getName() + ": " + e.getMessage());
      }
    }

    // A receiver thread.
    try (DatagramSocket server = new DatagramSocket(0, LO)) {
      String[] got = new String[3];
      Thread t = new Thread(() -> {
        try {
          for (int i = 0; i < 3; i++) {
            DatagramPacket p = new DatagramPacket(new byte[64], 64);
            server.receive(p);
            got[i] = text(p);
          }
        } catch (Exception e) {
          got[0] = e.toString();
        }
      });
      t.start();
      try (DatagramSocket client = new DatagramSocket()) {
        for (String s : new String[] {"one", "two", "three"}) {
          byte[] b = s.getBytes(StandardCharsets.UTF_8);
          client.send(new DatagramPacket(b, b.length, LO, server.getLocalPort()));
        }
      }
      t.join();
      System.out.println(String.join(",", got));
    }

    try (DatagramChannel x = DatagramChannel.open().bind(new InetSocketAddress(LO, 0)); DatagramChannel y = DatagramChannel.open()) {
      y.send(ByteBuffer.wrap(new byte[] {4, 5, 6}), x.getLocalAddress());
      ByteBuffer buf = ByteBuffer.allocate(8);
      InetSocketAddress from = (InetSocketAddress) x.receive(buf);
      System.out.println("channel " + buf.position() + " from " + from.getAddress() + " " + (from.getPort() == ((InetSocketAddress) y.getLocalAddress()).getPort()));
      x.configureBlocking(false);
      System.out.println("nonblocking " + x.receive(ByteBuffer.allocate(8)));
      y.connect(x.getLocalAddress());
      y.write(ByteBuffer.wrap(new byte[] {7}));
      x.configureBlocking(true);
      ByteBuffer one = ByteBuffer.allocate(4);
      x.receive(one);
      System.out.println("connected channel " + one.position() + " " + one.get(0));
    }
  }
}
