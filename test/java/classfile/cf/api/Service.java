package cf.api;

public interface Service {
  String name();

  default int priority() {
    return 0;
  }

  static Service of(String n) {
    return () -> n;
  }
}
