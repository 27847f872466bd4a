// Cold library code (issue 18, "runs of 0.1-0.5 s under -Xint"): the JDK's XML stack (java.xml:
// the Xerces DOM parser, the XSLT identity transformer) and java.util.logging, run a few times.
// Most of the bytecodes run here are in methods that run a few hundred times, so what a run costs
// is class loading, the first executions and the JIT's compile decisions rather than hot loops.
// Deterministic: prints the element count, a checksum of the parsed values and the serialised size.
// Argument: number of documents (default 1), items per document (default 300).
import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

public class Main {
    private static final Logger LOG = Logger.getLogger("bench.xml");

    public static void main(String[] args) throws Exception {
        int docs = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        int items = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        LOG.setLevel(Level.WARNING);
        long sum = 0;
        int elements = 0;
        int serialised = 0;
        for (int doc = 0; doc < docs; doc++) {
            StringBuilder sb = new StringBuilder("<root doc=\"").append(doc).append("\">");
            for (int i = 0; i < items; i++) {
                sb.append("<item id=\"").append(i).append("\"><name>n").append((i * 7 + doc) % 13).append("</name></item>");
            }
            sb.append("</root>");
            DocumentBuilder db = DocumentBuilderFactory.newInstance().newDocumentBuilder();
            Document d = db.parse(new ByteArrayInputStream(sb.toString().getBytes(StandardCharsets.UTF_8)));
            NodeList list = d.getElementsByTagName("item");
            for (int i = 0; i < list.getLength(); i++) {
                Element e = (Element) list.item(i);
                sum += (long) Integer.parseInt(e.getAttribute("id")) * e.getElementsByTagName("name").item(0).getTextContent().length();
            }
            elements += list.getLength();
            Transformer t = TransformerFactory.newInstance().newTransformer();
            StringWriter w = new StringWriter();
            t.transform(new DOMSource(d), new StreamResult(w));
            serialised += w.toString().length();
            LOG.info("document " + doc + " done");
        }
        System.out.println("elements=" + elements + " sum=" + sum + " serialised=" + serialised);
    }
}
