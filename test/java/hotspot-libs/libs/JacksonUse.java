package libs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

// Small, deterministic uses of Debian's Jackson jars (issue 15 item 2 on real libraries), run
// from the jars on both engines with the JDK instrumented. No lambdas of its own.
public class JacksonUse {
    public static void main(String[] args) throws Exception {
        ObjectMapper m = new ObjectMapper();
        ObjectNode o = m.createObjectNode();
        o.put("name", "komorium").put("n", 42).putArray("xs").add(1).add(2).add(3);
        String json = m.writeValueAsString(o);
        System.out.println(json);
        JsonNode back = m.readTree(json);
        System.out.println(back.get("xs").size() + " " + back.get("name").asText());
    }
}
