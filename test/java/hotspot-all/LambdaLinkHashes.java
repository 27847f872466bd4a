/**
 * Identity hashes around a lambda whose interface extends interfaces not linked yet (issue 15
 * item 2, interface-dispatch): HotSpot links a hidden class where it defines it, and links its
 * superclass and interfaces first (link_class_impl), each verified with its mirror hashed
 * (Verifier::verify), so IntOp and IntOp2 draw before the proxy's own mirror. The embedded engine
 * drew the proxy's hash at its definition and the interfaces' later, when it linked the proxy:
 * the three printed hashes came in another order. BothOps itself is hashed before (the call
 * site's MethodType), as on HotSpot.
 */
public class LambdaLinkHashes {
  interface IntOp {
    int apply(int x);
  }

  interface IntOp2 {
    int apply(int x);
  }

  interface BothOps extends IntOp, IntOp2 {}

  interface Marker {}

  interface MarkerBase {}

  interface MarkerSub extends MarkerBase {}

  static void hash(String what, Object o) {
    System.out.print(what);
    System.out.print(' ');
    System.out.println(Integer.toHexString(System.identityHashCode(o)));
  }

  static int via(IntOp op, int x) {
    return op.apply(x);
  }

  public static void main(String[] args) {
    hash("start", new Object());
    BothOps both = x -> x + 1;
    hash("proxy", both.getClass());
    hash("IntOp", IntOp.class);
    hash("IntOp2", IntOp2.class);
    hash("BothOps", BothOps.class);
    System.out.println(via(both, 1));
    // An intersection lambda: the marker interfaces are the proxy's too (LambdaMetafactory.altMetafactory).
    IntOp marked = (IntOp & Marker & MarkerSub) x -> x * 3;
    hash("marked proxy", marked.getClass());
    hash("Marker", Marker.class);
    hash("MarkerSub", MarkerSub.class);
    hash("MarkerBase", MarkerBase.class);
    System.out.println(via(marked, 2));
    hash("end", new Object());
  }
}
