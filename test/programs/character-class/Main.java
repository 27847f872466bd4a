// Character: classification (letters, digits, whitespace, unicode categories, identifier
// parts), case conversion (including title case and non-ASCII), surrogate pairs and code
// points, digit/forDigit in radixes, getNumericValue, Character.getName, UnicodeBlock,
// isJavaIdentifierStart, char arithmetic and the Character cache.
public class Main {
    public static void main(String[] args) {
        String sample = "aZ5 _$\t\né߷٣ǅ€\u00a0\u2028Ⅻ";
        for (char c : sample.toCharArray()) {
            System.out.printf("U+%04X letter=%b digit=%b ws=%b space=%b upper=%b lower=%b title=%b alnum=%b jstart=%b jpart=%b type=%d num=%d%n",
                (int) c, Character.isLetter(c), Character.isDigit(c), Character.isWhitespace(c), Character.isSpaceChar(c), Character.isUpperCase(c),
                Character.isLowerCase(c), Character.isTitleCase(c), Character.isLetterOrDigit(c), Character.isJavaIdentifierStart(c),
                Character.isJavaIdentifierPart(c), Character.getType(c), Character.getNumericValue(c));
        }
        System.out.println(Character.toUpperCase('ß') + " " + "ß".toUpperCase() + " " + Character.toLowerCase('Σ') + " " + Character.toTitleCase('ǆ') + " " + Character.toUpperCase('ÿ') + " " + (int) Character.toUpperCase('ÿ'));
        String emoji = "x\uD83D\uDE00y\uD835\uDD4F";
        System.out.println(emoji.length() + " " + emoji.codePointCount(0, emoji.length()) + " " + Character.isSurrogate(emoji.charAt(1)) + " " + Character.isHighSurrogate(emoji.charAt(1)) + " " + Integer.toHexString(emoji.codePointAt(1)) + " " + Character.charCount(0x1F600) + " " + new String(Character.toChars(0x1D54F)) + " " + Character.isLetter(emoji.codePointAt(4)));
        StringBuilder sb = new StringBuilder();
        for (int cp : emoji.codePoints().toArray()) sb.append(Character.getName(cp)).append("; ");
        System.out.println(sb);
        System.out.println(Character.digit('f', 16) + " " + Character.digit('z', 36) + " " + Character.digit('9', 8) + " " + Character.forDigit(11, 16) + " " + Character.forDigit(35, 36) + " " + (int) Character.forDigit(5, 4) + " " + Character.getNumericValue('Ⅻ') + " " + Character.getNumericValue('a'));
        System.out.println(Character.UnicodeBlock.of('é') + " " + Character.UnicodeBlock.of('€') + " " + Character.UnicodeScript.of('Ж') + " " + Character.isIdeographic('中') + " " + Character.isAlphabetic('中') + " " + Character.isDefined(0x10FFFF));
        System.out.println(Character.valueOf('a') == Character.valueOf('a'));
        System.out.println(Character.compare('a', 'b') + " " + Character.MIN_RADIX + " " + Character.MAX_RADIX + " " + (int) Character.MAX_VALUE + " " + Character.MAX_CODE_POINT + " " + Character.hashCode('A') + " " + Character.reverseBytes('\u0102') + Character.toString(97));
        int vowels = 0, consonants = 0;
        for (char c : "The Quick Brown Fox Jumps Over The Lazy Dog".toLowerCase().toCharArray()) {
            if (!Character.isLetter(c)) continue;
            if ("aeiou".indexOf(c) >= 0) vowels++; else consonants++;
        }
        System.out.println("vowels " + vowels + " consonants " + consonants);
        char c = 'a';
        c += 25;
        char next = c;
        next++;
        System.out.println(c + " " + next + " " + (int) next + " " + (char) (c - 32) + " " + Character.isLetter(next));
    }
}
