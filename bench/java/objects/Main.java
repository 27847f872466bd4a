package objects;

import harness.Harness;

/** Allocation-heavy code: binary trees (GC-bound) and small immutable value objects with getters. */
public final class Main {
  static final class Node {
    final Node left;
    final Node right;

    Node(Node left, Node right) {
      this.left = left;
      this.right = right;
    }

    int check() {
      return left == null ? 1 : 1 + left.check() + right.check();
    }
  }

  static Node tree(int depth) {
    return depth == 0 ? new Node(null, null) : new Node(tree(depth - 1), tree(depth - 1));
  }

  static long binaryTrees(int maxDepth) {
    long h = 0;
    Node longLived = tree(maxDepth);
    for (int d = 4; d <= maxDepth; d += 2) {
      int iterations = 1 << (maxDepth - d + 4);
      long check = 0;
      for (int i = 0; i < iterations; i++) check += tree(d).check();
      h = h * 31 + check;
    }
    return h + longLived.check();
  }

  static final class Vec {
    private final double x;
    private final double y;

    Vec(double x, double y) {
      this.x = x;
      this.y = y;
    }

    double x() {
      return x;
    }

    double y() {
      return y;
    }

    Vec plus(Vec o) {
      return new Vec(x + o.x(), y + o.y());
    }

    Vec scale(double k) {
      return new Vec(x * k, y * k);
    }

    Vec rotate() {
      return new Vec(-y, x);
    }
  }

  static long vectors(int n) {
    Vec p = new Vec(1, 0);
    Vec acc = new Vec(0, 0);
    Vec[] keep = new Vec[64];
    for (int i = 0; i < n; i++) {
      p = p.rotate().scale(1.0000001).plus(new Vec(i & 3, -(i & 1)));
      if ((i & 1023) == 0) p = new Vec(p.x() * 1e-3, p.y() * 1e-3);
      acc = acc.plus(p);
      keep[i & 63] = acc;
    }
    double s = 0;
    for (Vec v : keep) s += v.x() - v.y();
    return Double.doubleToLongBits(s);
  }

  public static void main(String[] args) {
    Harness.run("objects", args, scale -> {
      int depth = scale >= 1 ? 14 : scale >= 0.3 ? 12 : 9;
      long h = Harness.mix(0, binaryTrees(depth));
      return Harness.mix(h, vectors(Harness.size(scale, 975_000, 100)));
    });
  }
}
