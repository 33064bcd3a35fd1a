package com.storageplatform.kit.money;

/**
 * An amount in integer minor units with its ISO 4217 currency (3300 GBP is £33.00). Arithmetic refuses to mix
 * currencies; there is never a floating-point amount.
 */
public record Money(long amountMinor, String currency) {

    public Money {
        if (!Currencies.isValid(currency)) {
            throw new IllegalArgumentException("Not an ISO 4217 currency: " + currency);
        }
    }

    public static Money of(long amountMinor, String currency) {
        return new Money(amountMinor, currency);
    }

    public Money plus(Money other) {
        requireSameCurrency(other);
        return new Money(Math.addExact(amountMinor, other.amountMinor), currency);
    }

    public Money minus(Money other) {
        requireSameCurrency(other);
        return new Money(Math.subtractExact(amountMinor, other.amountMinor), currency);
    }

    public Money times(long quantity) {
        return new Money(Math.multiplyExact(amountMinor, quantity), currency);
    }

    public boolean isNegative() {
        return amountMinor < 0;
    }

    private void requireSameCurrency(Money other) {
        if (!currency.equals(other.currency)) {
            throw new IllegalArgumentException("Cannot combine " + currency + " with " + other.currency);
        }
    }
}
