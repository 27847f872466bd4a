package cf;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntBinaryOperator;
import java.util.function.Supplier;

/** Inner, static nested, local and anonymous classes (InnerClasses, EnclosingMethod, NestHost,
 * NestMembers), lambdas and method references (BootstrapMethods, MethodHandle/MethodType). */
public class Nested {
  private int secret = 42;

  public class Inner {
    int peek() {
      return secret;
    }

    class Deeper {
      int deeper() {
        return secret + peek();
      }
    }
  }

  public static class Static {
    static final String NAME = "static";
  }

  interface Callback {
    void call(String s);
  }

  public Runnable anonymous(final String msg) {
    return new Runnable() {
      @Override
      public void run() {
        System.out.println(msg + secret);
      }
    };
  }

  public Object local(int k) {
    class Local implements Supplier<Integer> {
      @Override
      public Integer get() {
        return k + secret;
      }
    }
    return new Local();
  }

  public static List<String> lambdas(List<String> in) {
    List<String> out = new ArrayList<>(in);
    out.sort(Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder()));
    out.removeIf(s -> s.isEmpty());
    IntBinaryOperator op = (a, b) -> a * b + out.size();
    Supplier<List<String>> fresh = ArrayList::new;
    Callback cb = System.out::println;
    cb.call("x" + op.applyAsInt(2, 3) + fresh.get());
    Runnable r = () -> {
      Runnable inner = () -> out.add("nested lambda");
      inner.run();
    };
    r.run();
    return out;
  }

  private static int[][] multi() {
    return new int[3][4];
  }

  static { System.setProperty("cf.nested", String.valueOf(multi().length)); }
}
