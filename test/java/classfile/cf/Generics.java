package cf;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Generic signatures (Signature on classes, fields, methods) and LocalVariableTypeTable. */
public class Generics<K extends Comparable<? super K> & Serializable, V> implements Comparable<Generics<K, V>> {
  private final Map<K, List<? extends V>> map = new HashMap<>();
  public static List<? super Integer>[] arrayOfGenerics;

  public <E extends Exception> void maybeThrow(boolean b, E e) throws E {
    if (b) throw e;
  }

  public <T extends Collection<? extends V>> int addAll(K key, T values) {
    List<V> copy = new ArrayList<>(values);
    map.put(key, copy);
    int n = 0;
    for (V v : copy) if (v != null) n++;
    return n;
  }

  public Map<K, List<? extends V>> view() {
    return map;
  }

  @Override
  public int compareTo(Generics<K, V> o) {
    return Integer.compare(map.size(), o.map.size());
  }
}
