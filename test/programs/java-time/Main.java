import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Month;
import java.time.Period;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;

// java.time with fixed values only (no clock): date arithmetic across month ends and leap
// years, periods and durations, day-of-week adjusters, formatting and parsing with patterns
// (Locale.ROOT/US), zones with fixed offsets and a DST transition in a named zone, epoch
// conversions, truncation, ranges, and parse errors.
public class Main {
    public static void main(String[] args) {
        LocalDate d = LocalDate.of(2024, 1, 31);
        System.out.println(d.plusMonths(1) + " " + d.plusMonths(13) + " " + d.minusDays(366) + " " + d.isLeapYear() + " " + d.lengthOfYear() + " " + d.getDayOfWeek() + " " + d.getDayOfYear());
        System.out.println(d.with(TemporalAdjusters.lastDayOfMonth()) + " " + d.with(TemporalAdjusters.next(DayOfWeek.FRIDAY)) + " " + d.with(TemporalAdjusters.firstInMonth(DayOfWeek.MONDAY)) + " " + LocalDate.of(2023, 2, 28).plusDays(1));
        Period p = Period.between(LocalDate.of(1990, 5, 17), LocalDate.of(2024, 3, 1));
        System.out.println(p + " " + p.getYears() + "y " + p.toTotalMonths() + " months " + ChronoUnit.DAYS.between(LocalDate.of(1990, 5, 17), LocalDate.of(2024, 3, 1)) + " days");
        Duration dur = Duration.ofSeconds(3725, 123_000_000);
        System.out.println(dur + " " + dur.toMinutes() + " " + dur.toMillis() + " " + dur.plusHours(25) + " " + Duration.between(LocalTime.of(9, 15), LocalTime.of(17, 40, 30)) + " " + dur.negated().abs().equals(dur));
        LocalDateTime ldt = LocalDateTime.of(2024, Month.MARCH, 10, 1, 30);
        ZonedDateTime ny = ldt.atZone(ZoneId.of("America/New_York"));
        System.out.println(ny + " -> +1h " + ny.plusHours(1) + " offset " + ny.plusHours(1).getOffset());
        ZonedDateTime fixed = ldt.atZone(ZoneOffset.ofHoursMinutes(5, 30));
        System.out.println(fixed + " " + fixed.toInstant() + " " + fixed.withZoneSameInstant(ZoneOffset.UTC) + " " + fixed.toEpochSecond());
        Instant epoch = Instant.ofEpochSecond(1_700_000_000L, 500);
        System.out.println(epoch + " " + epoch.plus(90, ChronoUnit.DAYS) + " " + epoch.toEpochMilli() + " " + Instant.EPOCH + " " + Instant.parse("2000-01-01T00:00:00Z").getEpochSecond());
        DateTimeFormatter f = DateTimeFormatter.ofPattern("EEEE, d MMMM uuuu HH:mm:ss", Locale.US);
        System.out.println(f.format(ldt.plusSeconds(59)) + " | " + DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(ldt) + " | " + DateTimeFormatter.ofPattern("yy/MM/dd hh a", Locale.US).format(ldt));
        System.out.println(LocalDate.parse("15.08.2021", DateTimeFormatter.ofPattern("dd.MM.uuuu")) + " " + LocalTime.parse("23:59:59.999") + " " + LocalDateTime.parse("2020-02-29T12:00").plusYears(1));
        for (String bad : new String[] {"2021-02-30", "2021-13-01", "yesterday"}) {
            try {
                LocalDate.parse(bad);
            } catch (DateTimeParseException e) {
                System.out.println("parse error: " + e.getMessage());
            }
        }
        System.out.println(YearMonth.of(2024, 2).lengthOfMonth() + " " + YearMonth.of(2100, 2).lengthOfMonth() + " " + YearMonth.parse("2023-11").plusMonths(3) + " " + LocalTime.of(13, 45, 20).truncatedTo(ChronoUnit.HOURS) + " " + LocalTime.MAX.plusNanos(1));
        int fridays13 = 0;
        for (LocalDate x = LocalDate.of(2000, 1, 13); x.getYear() < 2030; x = x.plusMonths(1)) if (x.getDayOfWeek() == DayOfWeek.FRIDAY) fridays13++;
        System.out.println("fridays the 13th 2000-2029: " + fridays13 + " " + LocalDate.of(2024, 12, 30).format(DateTimeFormatter.ofPattern("YYYY-'W'ww", Locale.ROOT)) + " " + LocalDate.ofEpochDay(19_000) + " " + LocalDate.of(1970, 1, 1).toEpochDay());
        System.out.println(DayOfWeek.MONDAY.plus(10) + " " + Month.JANUARY.minus(1) + " " + Month.FEBRUARY.length(true) + " " + ChronoUnit.HOURS.between(ldt, ldt.plusDays(2).plusMinutes(59)) + " " + ldt.compareTo(ldt.plusNanos(1)) + " " + ldt.isBefore(ldt.plusNanos(1)));
    }
}
