package com.storageplatform.kit.money;

import java.util.Currency;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** ISO 4217 currency codes as the API accepts them: three upper-case letters of a currency the JDK knows. */
public final class Currencies {

    private static final Pattern CODE = Pattern.compile("[A-Z]{3}");
    private static final Set<String> KNOWN = Currency.getAvailableCurrencies().stream()
            .map(Currency::getCurrencyCode)
            .collect(Collectors.toUnmodifiableSet());

    private Currencies() {
    }

    public static boolean isValid(String code) {
        return code != null && CODE.matcher(code).matches() && KNOWN.contains(code);
    }
}
