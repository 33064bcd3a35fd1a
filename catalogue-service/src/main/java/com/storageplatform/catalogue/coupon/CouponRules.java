package com.storageplatform.catalogue.coupon;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The rules of a coupon, the same on create and update. The field methods read what a client sent, record what
 * is wrong on {@code v} (naming the field) and return the value to store; {@link #check} judges the coupon whole.
 */
final class CouponRules {

    static final int NAME_MAX = 200;
    static final int CODE_MAX = 50;
    static final long PERCENT_MAX = 100;
    static final long FIXED_AMOUNT_MAX = 100_000_000;
    static final long MONTHS_MAX = 36;
    static final long REDEMPTIONS_MAX = 1_000_000_000;
    static final int IDS_MAX = 100;
    /** Upper-case letters and digits in groups joined by single dashes: {@code SUMMER-25}, {@code FIRSTMONTH}. */
    private static final Pattern CODE = Pattern.compile("[A-Z0-9]+(-[A-Z0-9]+)*");

    private CouponRules() {
    }

    /** Trimmed and upper-cased (codes match whatever the case they are typed in); blank means no code. */
    static String code(Validation v, String value) {
        String code = value == null || value.isBlank() ? null : value.strip().toUpperCase(Locale.ROOT);
        v.maxLength("code", code, CODE_MAX)
                .check(code != null && !CODE.matcher(code).matches(), "code", FieldIssue.INVALID);
        return code;
    }

    static Integer durationMonths(Validation v, Long value) {
        return boundedInt(v, "duration_months", value, 1, MONTHS_MAX);
    }

    static Integer maxRedemptions(Validation v, Long value) {
        return boundedInt(v, "max_redemptions", value, 1, REDEMPTIONS_MAX);
    }

    /** Lowercase UUIDv7 ids, each once ({@code field[i]} {@code invalid} or {@code duplicate}); null is none. */
    static List<UUID> ids(Validation v, String field, List<String> values) {
        if (values == null) {
            return List.of();
        }
        v.check(values.size() > IDS_MAX, field, FieldIssue.ABOVE_MAXIMUM);
        Set<UUID> seen = new HashSet<>();
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            Optional<UUID> id = Ids.parse(values.get(i));
            if (id.isEmpty()) {
                v.add(field + "[" + i + "]", FieldIssue.INVALID);
            } else if (!seen.add(id.get())) {
                v.add(field + "[" + i + "]", FieldIssue.DUPLICATE);
            } else {
                ids.add(id.get());
            }
        }
        return ids;
    }

    static void check(Validation v, Coupon c) {
        v.require("name", c.name()).maxLength("name", c.name(), NAME_MAX)
                .require("discount_kind", c.discountKind())
                .oneOf("discount_kind", c.discountKind(), Coupon.DISCOUNT_KINDS)
                .require("discount_value", c.discountValue())
                .min("discount_value", c.discountValue(), 1);
        if (Coupon.PERCENT.equals(c.discountKind())) {
            v.max("discount_value", c.discountValue(), PERCENT_MAX)
                    .check(c.currency() != null, "currency", FieldIssue.NOT_ALLOWED);
        } else if (Coupon.FIXED_AMOUNT.equals(c.discountKind())) {
            v.max("discount_value", c.discountValue(), FIXED_AMOUNT_MAX)
                    .require("currency", c.currency()).currency("currency", c.currency());
        }
        v.require("duration", c.duration()).oneOf("duration", c.duration(), Coupon.DURATIONS);
        if (Coupon.REPEATING.equals(c.duration())) {
            v.require("duration_months", c.durationMonths());
        } else {
            v.check(c.durationMonths() != null, "duration_months", FieldIssue.NOT_ALLOWED);
        }
        v.check(c.validFrom() != null && c.validTo() != null && c.validTo().isBefore(c.validFrom()), "valid_to",
                        FieldIssue.BELOW_MINIMUM)
                .require("status", c.status()).oneOf("status", c.status(), Coupon.STATUSES)
                .check(c.advertised() && !mayBeAdvertised(c), "advertised", FieldIssue.NOT_ALLOWED);
    }

    /**
     * Only a plain offer can be advertised: a {@code once} coupon taking a percentage or a fixed amount off, usable
     * online, at every site and for every unit type.
     */
    static boolean mayBeAdvertised(Coupon c) {
        return Coupon.ONCE.equals(c.duration()) && Coupon.DISCOUNT_KINDS.contains(c.discountKind()) && c.online()
                && c.siteIds().isEmpty() && c.unitTypeIds().isEmpty();
    }


    private static Integer boundedInt(Validation v, String field, Long value, long min, long max) {
        v.min(field, value, min).max(field, value, max);
        return value == null || value < min || value > max ? null : value.intValue();
    }
}
