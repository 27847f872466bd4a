package jackson;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.*;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.*;

/** Jackson as real code uses it: POJOs, records, annotations, polymorphism, trees, streaming. */
public class JacksonDriver {
  public record Point(int x, int y) {}

  @JsonPropertyOrder({"id", "name", "tags"})
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static class Item {
    public int id;
    public String name;
    public List<String> tags = new ArrayList<>();
    @JsonProperty("unit_price") public BigDecimal price;
    @JsonIgnore public String secret = "hidden";
    public Map<String, Point> places = new TreeMap<>();
    public String note;
    public double ratio;
    public Item() {}
    Item(int id) {
      this.id = id;
      name = "item-" + id;
      for (int i = 0; i < id % 4; i++) tags.add("t" + (id * 31 + i) % 17);
      price = BigDecimal.valueOf(id * 125L, 2);
      places.put("home", new Point(id, -id));
      if (id % 3 == 0) note = "n\"" + id + "\u00e9\t";
      ratio = id / 7.0;
    }
  }

  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
  @JsonSubTypes({@JsonSubTypes.Type(value = Circle.class, name = "circle"), @JsonSubTypes.Type(value = Square.class, name = "square")})
  public interface Shape { double area(); }
  public static class Circle implements Shape {
    public double r;
    public Circle() {}
    Circle(double r) { this.r = r; }
    public double area() { return Math.PI * r * r; }
  }
  public static class Square implements Shape {
    public double side;
    public Square() {}
    Square(double s) { side = s; }
    public double area() { return side * side; }
  }

  public static void main(String[] args) throws Exception {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 30;
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
    List<Item> items = new ArrayList<>();
    for (int i = 1; i <= n; i++) items.add(new Item(i));
    String json = mapper.writeValueAsString(items);
    System.out.println(json.length() + " " + json.substring(0, Math.min(400, json.length())));
    List<Item> back = mapper.readValue(json, new TypeReference<List<Item>>() {});
    String again = mapper.writeValueAsString(back);
    System.out.println("round trip equal: " + json.equals(again) + " items=" + back.size() + " last=" + back.get(back.size() - 1).name + " " + back.get(2).note);
    System.out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(items.get(2)));
    // Records
    Point p = mapper.readValue("{\"y\":4,\"x\":3}", Point.class);
    System.out.println(p + " " + mapper.writeValueAsString(p) + " " + mapper.readValue("[{\"x\":1,\"y\":2}]", Point[].class)[0]);
    // Polymorphism
    List<Shape> shapes = List.of(new Circle(1.5), new Square(2), new Circle(0.1));
    String sj = mapper.writerFor(new TypeReference<List<Shape>>() {}).writeValueAsString(shapes);
    System.out.println(sj);
    List<Shape> sb = mapper.readValue(sj, new TypeReference<List<Shape>>() {});
    for (Shape s : sb) System.out.println(s.getClass().getSimpleName() + " " + s.area());
    // Trees
    JsonNode tree = mapper.readTree("{\"a\":[1,2.5,\"x\",null,true,{\"b\":-7}],\"big\":123456789012345678901234567890,\"e\":1e-7}");
    System.out.println(tree + " " + tree.get("a").size() + " " + tree.at("/a/5/b").asInt() + " " + tree.get("big").getClass().getSimpleName() + " " + tree.get("e").doubleValue());
    ObjectNode obj = mapper.createObjectNode();
    obj.put("name", "tree").put("pi", 3.14159).put("n", 42L);
    ArrayNode arr = obj.putArray("list");
    for (int i = 0; i < 5; i++) arr.add(i * i);
    obj.set("nested", mapper.valueToTree(new Point(9, 8)));
    System.out.println(obj + " " + mapper.treeToValue(obj.get("nested"), Point.class));
    Map<String, Object> generic = mapper.readValue(obj.toString(), new TypeReference<Map<String, Object>>() {});
    System.out.println(generic + " " + generic.get("list").getClass().getName());
    // Streaming
    JsonFactory f = new JsonFactory();
    StringWriter w = new StringWriter();
    try (JsonGenerator g = f.createGenerator(w)) {
      g.writeStartObject();
      g.writeNumberField("count", 3);
      g.writeArrayFieldStart("vals");
      g.writeNumber(1.0f / 3); g.writeNumber(2.0 / 3); g.writeNumber(Long.MIN_VALUE); g.writeString("\u2603\n");
      g.writeEndArray();
      g.writeEndObject();
    }
    System.out.println(w);
    StringBuilder tokens = new StringBuilder();
    try (JsonParser jp = f.createParser(w.toString())) {
      for (JsonToken t; (t = jp.nextToken()) != null; ) tokens.append(t).append(t.isScalarValue() ? "=" + jp.getText() : "").append(' ');
    }
    System.out.println(tokens);
    // Errors
    try {
      mapper.readValue("{\"x\":1,\"y\":\"oops\"}", Point.class);
    } catch (JsonMappingException e) {
      System.out.println(e.getClass().getSimpleName() + ": " + e.getOriginalMessage());
    }
    try {
      mapper.readTree("{\"a\": [1, 2}");
    } catch (Exception e) {
      System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage().lines().findFirst().orElse(""));
    }
  }
}
