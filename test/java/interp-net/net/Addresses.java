package net;

import java.net.*;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;

/** The no-network part of java.net: literals, URI/URL, URLEncoder/Decoder, unresolved addresses. */
public class Addresses {
  static void show(String what, Object o) {
    System.out.println(what + " -> " + o);
  }

  static void addr(String lit) {
    try {
      InetAddress a = InetAddress.getByName(lit);
      System.out.println(lit + " -> " + a + " " + a.getClass().getSimpleName() + " host=" + a.getHostAddress()
          + " bytes=" + Arrays.toString(a.getAddress()) + " loop=" + a.isLoopbackAddress() + " any=" + a.isAnyLocalAddress()
          + " site=" + a.isSiteLocalAddress() + " link=" + a.isLinkLocalAddress() + " mc=" + a.isMulticastAddress()
          + " hash=" + a.hashCode());
    } catch (Exception e) {
      System.out.println(lit + " -> " + e);
    }
  }

  static void uri(String s) {
    try {
      URI u = new URI(s);
      System.out.println(s + " -> scheme=" + u.getScheme() + " auth=" + u.getAuthority() + " user=" + u.getUserInfo()
          + " host=" + u.getHost() + " port=" + u.getPort() + " path=" + u.getPath() + " rawPath=" + u.getRawPath()
          + " query=" + u.getQuery() + " frag=" + u.getFragment() + " opaque=" + u.isOpaque() + " abs=" + u.isAbsolute()
          + " norm=" + u.normalize() + " ascii=" + u.toASCIIString());
    } catch (Exception e) {
      System.out.println(s + " -> " + e);
    }
  }

  public static void main(String[] args) throws Exception {
    for (String s : new String[] {"127.0.0.1", "0.0.0.0", "10.1.2.3", "192.168.0.255", "169.254.1.1", "224.0.0.1",
        "255.255.255.255", "1.2.3", "1.2", "16909060", "0x7f.1", "256.1.1.1", "::1", "::", "[::1]", "fe80::1",
        "2001:db8::ff00:42:8329", "::ffff:10.0.0.1", "::10.0.0.1", "ff02::1", "fec0::1", "1:2:3:4:5:6:7:8",
        "1::2::3", "2001:db8:0:0:1:0:0:1", "::1%1", "1.2.3.4.5", "", "localhost", "LOCALHOST"}) {
      addr(s);
    }
    System.out.println(InetAddress.getLoopbackAddress());
    System.out.println(Arrays.toString(InetAddress.getAllByName("localhost")));
    System.out.println(InetAddress.getByAddress(new byte[] {10, 0, 0, 1}));
    System.out.println(InetAddress.getByAddress("named", new byte[] {10, 0, 0, 1}));
    System.out.println(InetAddress.getByAddress(new byte[16]));
    System.out.println(Inet6Address.getByAddress("x", new byte[16], 3));
    try {
      InetAddress.getByAddress(new byte[5]);
    } catch (UnknownHostException e) {
      System.out.println(e);
    }
    try {
      InetAddress.getByName("no-such-host.invalid");
    } catch (UnknownHostException e) {
      System.out.println(e);
    }
    InetAddress lh = InetAddress.getByName("localhost");
    System.out.println(lh.getHostName() + " " + lh.getCanonicalHostName() + " " + lh.equals(InetAddress.getByName("127.0.0.1")));
    InetAddress n = InetAddress.getByName("127.0.0.1");
    System.out.println(n.getHostName() + " " + n);
    System.out.println(InetAddress.getByName("10.255.255.1").getHostName());
    System.out.println(InetAddress.getLocalHost().getHostName().equals(InetAddress.getLocalHost().getHostName()));
    System.out.println(lh.isReachable(100) + " " + InetAddress.getByName("::1").isReachable(100));

    // The loopback interface (the others depend on the machine).
    NetworkInterface lo = NetworkInterface.getByInetAddress(InetAddress.getByName("127.0.0.1"));
    System.out.println(lo + " up=" + lo.isUp() + " loopback=" + lo.isLoopback() + " p2p=" + lo.isPointToPoint() + " virtual="
        + lo.isVirtual() + " mac=" + Arrays.toString(lo.getHardwareAddress()) + " parent=" + lo.getParent() + " subs="
        + Collections.list(lo.getSubInterfaces()) + " " + lo.getInterfaceAddresses() + " " + Collections.list(lo.getInetAddresses()));
    System.out.println(lo.equals(NetworkInterface.getByName(lo.getName())) + " " + lo.equals(NetworkInterface.getByIndex(lo.getIndex()))
        + " " + NetworkInterface.getByName("no-such-interface") + " " + NetworkInterface.networkInterfaces().anyMatch(lo::equals));

    InetSocketAddress u = InetSocketAddress.createUnresolved("example.invalid", 8080);
    show("unresolved", u + " " + u.isUnresolved() + " " + u.getHostString() + " " + u.getPort() + " " + u.getAddress());
    InetSocketAddress r = new InetSocketAddress("127.0.0.1", 80);
    show("resolved", r + " " + r.isUnresolved() + " " + r.getHostString() + " " + r.getHostName());
    show("wildcard", new InetSocketAddress(5));
    show("v6", new InetSocketAddress("::1", 443));
    try {
      new InetSocketAddress("x", 70000);
    } catch (IllegalArgumentException e) {
      System.out.println(e);
    }

    for (String s : new String[] {"http://user:pw@Example.COM:8080/a/b/../c/./d?q=1&r=%20#frag", "mailto:a@b.c",
        "file:///tmp/x%20y", "urn:isbn:096139210x", "../../x/y", "http://[::1]:80/", "http://h/a b",
        "http://h/%zz", "news:comp.lang.java", "//host/path", "http://h:x/", "a/b/c/../../d", "?q", "#f",
        "http://h/\u00e9t\u00e9"}) {
      uri(s);
    }
    URI base = new URI("http://a/b/c/d;p?q");
    for (String s : new String[] {"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x",
        "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g", "../../../g", "/./g", "/../g", "g.", ".g",
        "g..", "..g", "./../g", "./g/.", "g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y"}) {
      System.out.println("resolve " + s + " -> " + base.resolve(s));
    }
    URI b2 = new URI("http://h/a/b/");
    System.out.println(b2.relativize(new URI("http://h/a/b/c/d")) + " " + b2.relativize(new URI("http://h/x")) + " "
        + b2.relativize(new URI("http://o/a/b/c")));
    System.out.println(new URI("http", "u s", "host", 81, "/p a", "q=a b", "f g"));
    System.out.println(new URI("HTTP://H/p").equals(new URI("http://h/p")) + " " + new URI("http://h/%2a").equals(new URI("http://h/%2A"))
        + " " + new URI("http://h/a").compareTo(new URI("http://h/b")) + " " + new URI("http://h/a").hashCode());
    try {
      URI.create("http://bad host/");
    } catch (IllegalArgumentException e) {
      System.out.println(e);
    }

    URL url = new URL("http://user@example.com:8080/dir/file.html?x=1#top");
    System.out.println(url.getProtocol() + " " + url.getHost() + " " + url.getPort() + " " + url.getDefaultPort() + " "
        + url.getPath() + " " + url.getFile() + " " + url.getQuery() + " " + url.getRef() + " " + url.getUserInfo() + " "
        + url.getAuthority() + " " + url.toExternalForm() + " " + url.toURI());
    System.out.println(new URL(url, "../other.html?y#z") + " " + new URL("file:/tmp/a.txt") + " " + new URL("jar:file:/x.jar!/a/b"));
    System.out.println(new URL("https://h/").getDefaultPort() + " " + new URL("ftp://h/").getDefaultPort());
    try {
      new URL("nope://x");
    } catch (MalformedURLException e) {
      System.out.println(e);
    }
    try {
      new URL("no-scheme");
    } catch (MalformedURLException e) {
      System.out.println(e);
    }

    String enc = URLEncoder.encode("a b&c=d/é€\uD83D\uDE00~*-._!'()", StandardCharsets.UTF_8);
    System.out.println(enc + " " + URLDecoder.decode(enc, StandardCharsets.UTF_8));
    System.out.println(URLEncoder.encode("é", "ISO-8859-1") + " " + URLDecoder.decode("%41+%42", "UTF-8"));
    try {
      URLDecoder.decode("%4", StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      System.out.println(e);
    }
  }
}
