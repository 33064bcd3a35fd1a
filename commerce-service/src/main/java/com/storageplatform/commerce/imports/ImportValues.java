package com.storageplatform.commerce.imports;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.Month;
import java.time.format.TextStyle;
import java.util.Currency;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How an import reads the values other systems write, pure. Dates are day first, as UK systems write them, never
 * month first: {@code 2026-03-05}, {@code 05/03/2026}, {@code 5/3/2026}, {@code 05-03-2026}, {@code 5 Mar 2026}
 * (or {@code 5 March 2026}). Money is an amount of the operator's currency: {@code 12.50}, {@code £12.50},
 * {@code 1,234.50}, with at most the currency's decimals; never negative.
 */
final class ImportValues {

    private static final Pattern ISO = Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})");
    private static final Pattern DAY_FIRST = Pattern.compile("(\\d{1,2})([/-])(\\d{1,2})\\2(\\d{4})");
    private static final Pattern WORDS = Pattern.compile("(\\d{1,2}) ([A-Za-z]+) (\\d{4})");
    private static final Pattern MONEY = Pattern.compile("[£$€]?(\\d{1,3}(,\\d{3})+|\\d+)(\\.(\\d+))?");
    private static final Map<String, Month> MONTHS = new HashMap<>();

    static {
        for (Month month : Month.values()) {
            MONTHS.put(month.getDisplayName(TextStyle.SHORT, Locale.UK).toLowerCase(Locale.ROOT), month);
            MONTHS.put(month.getDisplayName(TextStyle.FULL, Locale.UK).toLowerCase(Locale.ROOT), month);
        }
        MONTHS.put("sept", Month.SEPTEMBER);
    }

    private ImportValues() {
    }

    /** The date written in one of the accepted forms; empty when it is none of them or no such day. */
    static Optional<LocalDate> date(String text) {
        String value = text.strip();
        try {
            Matcher m = ISO.matcher(value);
            if (m.matches()) {
                return Optional.of(LocalDate.of(num(m, 1), num(m, 2), num(m, 3)));
            }
            m = DAY_FIRST.matcher(value);
            if (m.matches()) {
                return Optional.of(LocalDate.of(num(m, 4), num(m, 3), num(m, 1)));
            }
            m = WORDS.matcher(value);
            if (m.matches()) {
                Month month = MONTHS.get(m.group(2).toLowerCase(Locale.ROOT));
                return month == null ? Optional.empty() : Optional.of(LocalDate.of(num(m, 3), month, num(m, 1)));
            }
        } catch (DateTimeException noSuchDay) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /**
     * The amount in minor units of {@code currency}; empty when it is not an amount, is negative or has more
     * decimals than the currency (1.005 pounds).
     */
    static Optional<Long> money(String text, String currency) {
        Matcher m = MONEY.matcher(text.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        int digits = Math.max(Currency.getInstance(currency).getDefaultFractionDigits(), 0);
        String fraction = m.group(4) == null ? "" : m.group(4);
        if (fraction.length() > digits || (m.group(3) != null && fraction.isEmpty())) {
            return Optional.empty();
        }
        try {
            BigDecimal amount = new BigDecimal(m.group(1).replace(",", "") + (fraction.isEmpty() ? "" : "." + fraction));
            return Optional.of(amount.movePointRight(digits).longValueExact());
        } catch (ArithmeticException tooLarge) {
            return Optional.empty();
        }
    }

    /** {@code yes}/{@code no} as spreadsheets write them: yes, y, true, 1 / no, n, false, 0 (any case). */
    static Optional<Boolean> yesNo(String text) {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "yes", "y", "true", "1" -> Optional.of(true);
            case "no", "n", "false", "0" -> Optional.of(false);
            default -> Optional.empty();
        };
    }

    private static int num(Matcher m, int group) {
        return Integer.parseInt(m.group(group));
    }
}
