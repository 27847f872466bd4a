package cf;

/** Enums with constant bodies, fields, constructors and switches over them. */
public enum Enums {
  PLUS("+") {
    @Override
    int apply(int a, int b) {
      return a + b;
    }
  },
  TIMES("*") {
    @Override
    int apply(int a, int b) {
      return a * b;
    }
  };

  private final String symbol;

  Enums(String symbol) {
    this.symbol = symbol;
  }

  abstract int apply(int a, int b);

  public String symbol() {
    return symbol;
  }

  static String describe(Enums e) {
    switch (e) {
      case PLUS:
        return "plus";
      case TIMES:
        return "times";
      default:
        return "?";
    }
  }

  static int arrow(Enums e) {
    return switch (e) {
      case PLUS -> 1;
      case TIMES -> 2;
    };
  }
}
