package math3;

import org.apache.commons.math3.analysis.UnivariateFunction;
import org.apache.commons.math3.analysis.solvers.BrentSolver;
import org.apache.commons.math3.analysis.integration.SimpsonIntegrator;
import org.apache.commons.math3.complex.Complex;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.PoissonDistribution;
import org.apache.commons.math3.fitting.PolynomialCurveFitter;
import org.apache.commons.math3.fitting.WeightedObservedPoints;
import org.apache.commons.math3.fraction.Fraction;
import org.apache.commons.math3.linear.*;
import org.apache.commons.math3.random.MersenneTwister;
import org.apache.commons.math3.random.RandomDataGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.correlation.PearsonsCorrelation;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.apache.commons.math3.stat.inference.TTest;
import org.apache.commons.math3.stat.regression.SimpleRegression;
import org.apache.commons.math3.transform.DftNormalization;
import org.apache.commons.math3.transform.FastFourierTransformer;
import org.apache.commons.math3.transform.TransformType;
import org.apache.commons.math3.util.ArithmeticUtils;
import org.apache.commons.math3.util.CombinatoricsUtils;
import org.apache.commons.math3.util.FastMath;
import org.apache.commons.math3.util.Precision;

/**
 * commons-math3 as real code uses it: statistics, linear algebra, seeded random generators,
 * FFT, solvers. Doubles are printed in full (and as raw bits where the last bit matters), so a
 * last-bit difference in any floating-point operation shows.
 */
public class Math3Driver {
  static void p(String label, double v) {
    System.out.println(label + " " + v + " " + Long.toHexString(Double.doubleToRawLongBits(v)));
  }

  public static void main(String[] args) {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
    MersenneTwister mt = new MersenneTwister(12345L);
    double[] xs = new double[n];
    for (int i = 0; i < n; i++) xs[i] = mt.nextGaussian() * 3 + 10;
    DescriptiveStatistics ds = new DescriptiveStatistics(xs);
    p("mean", ds.getMean());
    p("sd", ds.getStandardDeviation());
    p("skew", ds.getSkewness());
    p("kurt", ds.getKurtosis());
    p("median", ds.getPercentile(50));
    p("p90", ds.getPercentile(90));
    SummaryStatistics ss = new SummaryStatistics();
    for (double x : xs) ss.addValue(x);
    p("geomean", ss.getGeometricMean());
    p("var", StatUtils.variance(xs));
    Well19937c well = new Well19937c(99);
    double[] ys = new double[n];
    for (int i = 0; i < n; i++) ys[i] = xs[i] * 0.5 + well.nextDouble();
    p("pearson", new PearsonsCorrelation().correlation(xs, ys));
    SimpleRegression reg = new SimpleRegression();
    for (int i = 0; i < n; i++) reg.addData(xs[i], ys[i]);
    p("slope", reg.getSlope());
    p("intercept", reg.getIntercept());
    p("r2", reg.getRSquare());
    p("ttest", new TTest().tTest(xs, ys));
    RandomDataGenerator rdg = new RandomDataGenerator(new MersenneTwister(7));
    System.out.println("rdg " + rdg.nextInt(1, 100) + " " + rdg.nextPoisson(4.5) + " " + rdg.nextHexString(12) + " " + rdg.nextGaussian(0, 1) + " " + rdg.nextExponential(2) + " " + java.util.Arrays.toString(rdg.nextPermutation(10, 4)));
    NormalDistribution nd = new NormalDistribution(new MersenneTwister(3), 0, 1, 1e-9);
    p("cdf", nd.cumulativeProbability(1.2345));
    p("icdf", nd.inverseCumulativeProbability(0.975));
    p("sample", nd.sample());
    p("poisson", new PoissonDistribution(3.3).cumulativeProbability(5));
    // Linear algebra
    RealMatrix a = MatrixUtils.createRealMatrix(new double[][] {{4, 1, 2}, {1, 5, 3}, {2, 3, 6}});
    RealVector b = new ArrayRealVector(new double[] {1, 2, 3});
    System.out.println("lu " + new LUDecomposition(a).getSolver().solve(b));
    System.out.println("det " + new LUDecomposition(a).getDeterminant());
    System.out.println("chol " + new CholeskyDecomposition(a).getL());
    System.out.println("qr " + new QRDecomposition(a).getR());
    EigenDecomposition eig = new EigenDecomposition(a);
    System.out.println("eig " + java.util.Arrays.toString(eig.getRealEigenvalues()));
    SingularValueDecomposition svd = new SingularValueDecomposition(a.multiply(a.transpose()));
    System.out.println("svd " + java.util.Arrays.toString(svd.getSingularValues()) + " cond=" + svd.getConditionNumber());
    System.out.println("inv " + new LUDecomposition(a).getSolver().getInverse());
    // FFT
    double[] signal = new double[64];
    for (int i = 0; i < signal.length; i++) signal[i] = FastMath.sin(2 * Math.PI * 5 * i / 64) + 0.5 * Math.cos(2 * Math.PI * 12 * i / 64);
    Complex[] spec = new FastFourierTransformer(DftNormalization.STANDARD).transform(signal, TransformType.FORWARD);
    StringBuilder sb = new StringBuilder("fft");
    for (int k = 0; k < 16; k++) sb.append(' ').append(Long.toHexString(Double.doubleToRawLongBits(spec[k].abs())));
    System.out.println(sb);
    // Curve fit, solver, integration
    WeightedObservedPoints obs = new WeightedObservedPoints();
    for (int i = 0; i < 40; i++) obs.add(i * 0.25, 2 - 0.5 * i * 0.25 + 0.3 * i * i * 0.0625 + 0.01 * mt.nextGaussian());
    System.out.println("fit " + java.util.Arrays.toString(PolynomialCurveFitter.create(2).fit(obs.toList())));
    UnivariateFunction f = x -> Math.exp(-x) - x;
    p("brent", new BrentSolver(1e-12).solve(100, f, 0, 1));
    p("simpson", new SimpsonIntegrator().integrate(1000, Math::sin, 0, Math.PI));
    // FastMath and utils
    for (double x : new double[] {0.1, 1.0, 2.5, 10.0, 1e-5, 700.0}) {
      System.out.println("fm " + x + " " + FastMath.exp(x) + " " + FastMath.log(x) + " " + FastMath.sin(x) + " " + FastMath.pow(x, 1.7) + " " + FastMath.cbrt(x) + " " + FastMath.atan(x));
    }
    System.out.println(new Fraction(0.3125).add(new Fraction(2, 7)) + " " + new Complex(1, 2).multiply(new Complex(3, -1)).sqrt() + " " + CombinatoricsUtils.binomialCoefficient(30, 12) + " " + ArithmeticUtils.gcd(462, 1071) + " " + Precision.round(2.34567, 3));
  }
}
