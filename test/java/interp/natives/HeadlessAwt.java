import java.awt.AlphaComposite;
import java.awt.Color;
import java.awt.Dimension;
import java.awt.GraphicsEnvironment;
import java.awt.Insets;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Point2D;

/** The pure-Java part of AWT, headless: colours, geometry and transforms (java.desktop's initIDs). */
public class HeadlessAwt {
  public static void main(String[] args) {
    System.out.println("headless " + GraphicsEnvironment.isHeadless());
    Color c = new Color(10, 20, 30);
    System.out.println(c + " " + c.brighter() + " " + c.darker() + " " + Integer.toHexString(c.getRGB()));
    System.out.println(Color.decode("#FF8800") + " " + new Color(0x11223344, true).getAlpha() + " " + Color.ORANGE);
    float[] hsb = Color.RGBtoHSB(10, 200, 30, null);
    System.out.println(hsb[0] + " " + hsb[1] + " " + hsb[2] + " " + Integer.toHexString(Color.HSBtoRGB(0.3f, 0.5f, 0.7f)));
    Rectangle r = new Rectangle(1, 2, 3, 4);
    System.out.println(r + " " + r.intersects(new Rectangle(2, 3, 5, 5)) + " " + r.union(new Rectangle(10, 10, 1, 1)) + " " + r.contains(new Point(2, 3)));
    System.out.println(new Dimension(3, 4) + " " + new Insets(1, 2, 3, 4));
    Point2D p = new Point2D.Double(1.5, 2.5);
    AffineTransform at = new AffineTransform(2, 0, 0, 2, 1, 1);
    at.rotate(Math.PI / 6);
    System.out.println(at.transform(p, null) + " " + at.getDeterminant());
    System.out.println(new Ellipse2D.Double(0, 0, 4, 2).contains(1, 1) + " " + new Line2D.Double(0, 0, 4, 4).ptSegDist(4, 0));
    System.out.println(AlphaComposite.SrcOver.getRule());
  }
}
