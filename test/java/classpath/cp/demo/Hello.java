package cp.demo;

import cp.demo.util.Helper;
import java.util.function.Supplier;

/** A class with a nested, an inner, an anonymous class and a lambda, for the class path tests. */
public class Hello {
  static class Nested {
    int value() {
      return 42;
    }
  }

  class Inner {
    String greet() {
      return "inner " + name;
    }
  }

  private final String name;

  public Hello(String name) {
    this.name = name;
  }

  public Runnable anonymous() {
    return new Runnable() {
      @Override
      public void run() {
        System.out.println(Helper.twice(name));
      }
    };
  }

  public Supplier<String> lambda() {
    return () -> name + new Nested().value();
  }

  public static void main(String[] args) {
    new Hello(args.length > 0 ? args[0] : "world").anonymous().run();
  }
}
