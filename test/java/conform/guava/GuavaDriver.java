package guava;

import com.google.common.base.CharMatcher;
import com.google.common.base.Joiner;
import com.google.common.base.Splitter;
import com.google.common.base.Strings;
import com.google.common.base.CaseFormat;
import com.google.common.base.Optional;
import com.google.common.cache.CacheBuilder;
import com.google.common.cache.CacheLoader;
import com.google.common.cache.LoadingCache;
import com.google.common.collect.*;
import com.google.common.hash.BloomFilter;
import com.google.common.hash.Funnels;
import com.google.common.hash.HashCode;
import com.google.common.hash.Hashing;
import com.google.common.io.BaseEncoding;
import com.google.common.math.IntMath;
import com.google.common.math.LongMath;
import com.google.common.primitives.Ints;
import com.google.common.primitives.UnsignedLong;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.*;

/** Guava as real code uses it: immutable and multi collections, caches, hashing, strings. */
public class GuavaDriver {
  public static void main(String[] args) throws Exception {
    int scale = args.length > 0 ? Integer.parseInt(args[0]) : 1;
    // Immutable collections
    ImmutableList<String> list = ImmutableList.of("pear", "apple", "fig", "banana", "cherry");
    System.out.println(list + " " + ImmutableList.sortedCopyOf(list) + " " + list.reverse());
    ImmutableMap<String, Integer> lengths = Maps.toMap(list, String::length);
    System.out.println(lengths + " " + ImmutableSortedMap.copyOf(lengths));
    ImmutableSet<Integer> set = ImmutableSet.copyOf(Ints.asList(5, 3, 5, 1, 3, 9));
    System.out.println(set + " " + set.asList().indexOf(1) + " " + ImmutableSortedSet.copyOf(set).descendingSet());
    // Multimaps, multisets, tables, bimaps, ranges
    ListMultimap<Integer, String> byLen = Multimaps.index(list, String::length);
    System.out.println(byLen + " " + byLen.keySet() + " " + byLen.get(5));
    TreeMultiset<Character> letters = TreeMultiset.create();
    for (String s : list) for (char c : s.toCharArray()) letters.add(c);
    System.out.println(letters + " " + Multisets.copyHighestCountFirst(letters).entrySet().iterator().next());
    Table<String, Integer, String> table = TreeBasedTable.create();
    for (String s : list) table.put(s.substring(0, 1), s.length(), s.toUpperCase());
    System.out.println(table + " " + table.column(5) + " " + table.row("b"));
    BiMap<String, Integer> bimap = HashBiMap.create();
    bimap.put("one", 1); bimap.put("two", 2); bimap.put("three", 3);
    System.out.println(new TreeMap<>(bimap.inverse()) + " " + bimap.inverse().get(2));
    RangeSet<Integer> ranges = TreeRangeSet.create();
    ranges.add(Range.closed(1, 10)); ranges.add(Range.closedOpen(11, 15)); ranges.remove(Range.open(5, 8));
    System.out.println(ranges + " " + ranges.contains(6) + " " + ranges.span() + " " + ContiguousSet.create(Range.closed(3, 9), DiscreteDomain.integers()));
    System.out.println(Lists.partition(Ints.asList(1, 2, 3, 4, 5, 6, 7), 3) + " " + Lists.cartesianProduct(ImmutableList.of(1, 2), ImmutableList.of("a", "b")));
    System.out.println(Sets.powerSet(ImmutableSet.of('x', 'y', 'z')) + " " + Sets.combinations(ImmutableSet.of(1, 2, 3, 4), 2).size());
    System.out.println(FluentIterable.from(list).filter(s -> s.contains("a")).transform(String::length).toList());
    System.out.println(Ordering.natural().reverse().onResultOf(String::length).compound(Ordering.natural()).sortedCopy(list));
    System.out.println(Iterators.toString(Iterators.limit(Iterators.cycle(1, 2, 3), 7)) + " " + Streams.stream(list).count());
    System.out.println(Comparators.isInOrder(Ints.asList(1, 2, 2, 5), Comparator.naturalOrder()) + " " + MinMaxPriorityQueue.create(Ints.asList(4, 8, 1, 9)).peekLast());
    // Caches with a loader, maximum size and statistics
    int[] loads = {0};
    LoadingCache<Integer, String> cache = CacheBuilder.newBuilder().maximumSize(8).recordStats().build(new CacheLoader<Integer, String>() {
      @Override public String load(Integer k) { loads[0]++; return "v" + k * k; }
    });
    long sum = 0;
    for (int i = 0; i < 200 * scale; i++) sum += cache.getUnchecked((i * 7) % (i % 3 == 0 ? 6 : 11)).length();
    System.out.println("cache sum=" + sum + " loads=" + loads[0] + " size=" + cache.size() + " hits=" + cache.stats().hitCount() + " misses=" + cache.stats().missCount() + " evictions=" + cache.stats().evictionCount() + " keys=" + new TreeSet<>(cache.asMap().keySet()));
    // Hashing
    byte[] data = "The quick brown fox jumps over the lazy dog".getBytes(StandardCharsets.UTF_8);
    System.out.println(Hashing.sha256().hashBytes(data) + " " + Hashing.md5().hashBytes(data) + " " + Hashing.sha1().hashBytes(data));
    System.out.println(Hashing.murmur3_32_fixed().hashString("hello", StandardCharsets.UTF_8) + " " + Hashing.murmur3_128(7).hashBytes(data) + " " + Hashing.crc32c().hashBytes(data) + " " + Hashing.adler32().hashBytes(data) + " " + Hashing.farmHashFingerprint64().hashBytes(data) + " " + Hashing.sipHash24().hashBytes(data));
    HashCode combined = Hashing.combineOrdered(ImmutableList.of(Hashing.crc32().hashInt(1), Hashing.crc32().hashLong(2L)));
    System.out.println(combined + " " + Hashing.consistentHash(123456789L, 17) + " " + Hashing.goodFastHash(64).bits());
    BloomFilter<Integer> bloom = BloomFilter.create(Funnels.integerFunnel(), 1000, 0.01);
    for (int i = 0; i < 500; i++) bloom.put(i * 3);
    int fp = 0;
    for (int i = 0; i < 3000; i++) if (i % 3 != 0 && bloom.mightContain(i)) fp++;
    System.out.println("bloom fp=" + fp + " approx=" + bloom.approximateElementCount());
    // Strings
    System.out.println(Joiner.on(", ").skipNulls().join(Arrays.asList("a", null, "b", "c")) + "|" + Joiner.on('&').withKeyValueSeparator('=').join(ImmutableSortedMap.of("x", 1, "y", 2)));
    System.out.println(Splitter.on(',').trimResults().omitEmptyStrings().splitToList(" a, b ,,c , ") + " " + Splitter.fixedLength(3).split("abcdefgh") + " " + Splitter.on('&').withKeyValueSeparator('=').split("k=v&x=y"));
    System.out.println(CharMatcher.digit().retainFrom("a1b2c3") + " " + CharMatcher.whitespace().collapseFrom("  lots   of\tspace ", '_') + " " + CharMatcher.anyOf("aeiou").countIn("onomatopoeia"));
    System.out.println(Strings.padStart("42", 6, '0') + " " + Strings.repeat("ab", 3) + " " + Strings.commonPrefix("interstellar", "internet") + " " + CaseFormat.UPPER_UNDERSCORE.to(CaseFormat.LOWER_CAMEL, "SOME_CONSTANT_NAME"));
    System.out.println(BaseEncoding.base64().encode(data) + " " + BaseEncoding.base32Hex().lowerCase().encode("hi!".getBytes(StandardCharsets.UTF_8)) + " " + BaseEncoding.base16().encode(new byte[] {-1, 0, 16}));
    System.out.println(IntMath.binomial(20, 7) + " " + LongMath.factorial(19) + " " + IntMath.sqrt(1_000_001, RoundingMode.CEILING) + " " + LongMath.isPrime(1_000_000_007L) + " " + UnsignedLong.fromLongBits(-1L) + " " + Optional.fromNullable(null).or("dflt"));
  }
}
