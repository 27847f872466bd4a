package cf;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/** Type annotations with every target kind (JVMS table 4.7.20-A/B) and every type_path kind. */
public class TypeAnnos<@TA T extends @TA Number> extends @TA Object
    implements @TV Comparable<@TA TypeAnnos<T>> {

  public class Inner {}

  // 0x13 field, with array (0), nested (1), wildcard (2) and type-argument (3) paths.
  public @TA List<@TV(1) ? extends @TA Number> wild;
  public String @TA [] @TV(2) [] arrays;
  public TypeAnnos<T>.@TA Inner nested;
  public Map<@TA String, @TV List<@TA Integer>> map;

  // 0x12 method type parameter bound, 0x01 method type parameter, 0x14 return, 0x15 receiver,
  // 0x16 formal parameter, 0x17 throws.
  public <@TA U extends @TA Comparable<U>> @TV(3) String method(@TA TypeAnnos<T> this, @TV(4) int p, @TA U u)
      throws @TA IOException, @TV(5) RuntimeException {
    // 0x40 local variable
    @TA String local = "x" + p;
    // 0x41 resource variable
    try (@TV(6) AutoCloseable r = () -> {}) {
      local = local + r;
    } catch (@TA Exception e) { // 0x42 catch
      local = null;
    }
    Object o = local;
    // 0x43 instanceof, 0x47 cast
    if (o instanceof @TA String) local = (@TV(7) String) o;
    // 0x44 new
    List<String> l = new @TA ArrayList<>();
    // 0x45 constructor reference, 0x46 method reference
    Supplier<List<String>> s = @TA ArrayList::new;
    Function<Object, String> f = @TA Object::toString;
    // 0x48 constructor type argument, 0x49 method type argument
    Object g = new <@TA String>Generic("a");
    String h = TypeAnnos.<@TV(8) String>id("b");
    // 0x4A constructor reference type argument, 0x4B method reference type argument
    Function<String, Generic> cr = Generic::<@TA String>new;
    Function<String, String> mr = TypeAnnos::<@TA String>id;
    return local + l + s + f + g + h + cr + mr + u;
  }

  static <V> V id(V v) {
    return v;
  }

  static class Generic {
    <X> Generic(X x) {}
  }

  @Override
  public int compareTo(TypeAnnos<T> o) {
    return 0;
  }
}
