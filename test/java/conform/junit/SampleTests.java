package junit;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.*;
import java.util.stream.Stream;
import org.junit.jupiter.api.*;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.*;

@TestMethodOrder(MethodOrderer.MethodName.class)
class SampleTests {
  static int created;
  List<Integer> list;

  @BeforeEach void setUp() { created++; list = new ArrayList<>(List.of(3, 1, 2)); }

  @Test void sorts() { Collections.sort(list); assertEquals(List.of(1, 2, 3), list); }
  @Test @DisplayName("a failing assertion") void fails() { assertEquals(4, list.size(), "size"); }
  @Test void throwsAsExpected() { assertThrows(IndexOutOfBoundsException.class, () -> list.get(5)); }
  @Test void unexpectedException() { Object o = "s"; Integer i = (Integer) o; assertNotNull(i); }
  @Test void aborted() { assumeTrue(list.isEmpty(), "list is not empty"); }
  @Test @Disabled("not today") void disabled() { fail(); }
  @Test void all() { assertAll(() -> assertTrue(list.contains(2)), () -> assertArrayEquals(new int[] {1}, new int[] {1})); }
  @Test void timeout() { assertTimeoutPreemptively(java.time.Duration.ofSeconds(60), () -> list.add(4)); }

  @ParameterizedTest(name = "square {0} = {1}")
  @CsvSource({"1, 1", "2, 4", "3, 9", "-4, 16"})
  void squares(int x, int y) { assertEquals(y, x * x); }

  @ParameterizedTest
  @ValueSource(strings = {"racecar", "level", "noon"})
  void palindromes(String s) { assertEquals(s, new StringBuilder(s).reverse().toString()); }

  static Stream<Arguments> pairs() { return Stream.of(Arguments.of("a", 1), Arguments.of("bb", 2)); }
  @ParameterizedTest @MethodSource("pairs") void lengths(String s, int n) { assertEquals(n, s.length()); }

  @Nested class Inner {
    @Test void nested() { assertEquals(3, list.size()); }
  }

  @TestFactory Stream<DynamicTest> dynamic() {
    return Stream.of(5, 10).map(n -> DynamicTest.dynamicTest("dyn " + n, () -> assertTrue(n % 5 == 0)));
  }

  @RepeatedTest(3) void repeated(RepetitionInfo info) { assertTrue(info.getCurrentRepetition() <= 3); }
}
