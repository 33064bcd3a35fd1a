package com.storageplatform.auth.operator;

import com.storageplatform.kit.validation.Emails;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The body of {@code PATCH /admin/v1/operators/{id}/settings}: an absent field keeps its value, {@code null}
 * clears {@code deal_lost_default_reason}, {@code refundable_deposit_minor}, {@code customer_portal_url} and
 * {@code notification_email} and is refused for the others. Every rule broken is named at once.
 */
record SettingsPatch(Patch<Boolean> onlineIdChecksEnabled, Patch<Boolean> idCheckRequiredBeforeAccess,
        Patch<Boolean> voidOverdueEnabled, Patch<String> dealLostDefaultReason,
        Patch<Boolean> reservedDealFollowUpEnabled, Patch<List<String>> publishedWebsiteUrls,
        Patch<Long> reservationHoldDays, Patch<Long> refundableDepositMinor, Patch<String> customerPortalUrl,
        Patch<String> notificationEmail, Patch<Long> priceIncreaseNoticeDays) {

    static final int MAX_REASON_LENGTH = 200;
    static final int MAX_URLS = 20;
    static final int MAX_URL_LENGTH = 2048;
    static final int MIN_HOLD_DAYS = 1;
    static final int MAX_HOLD_DAYS = 90;
    static final long MAX_DEPOSIT_MINOR = 10_000_000;
    static final int MAX_NOTICE_DAYS = 365;

    /** 422 naming each setting that breaks a rule. */
    SettingsPatch validated() {
        Validation validation = Validation.start();
        notNull(validation, "online_id_checks_enabled", onlineIdChecksEnabled);
        notNull(validation, "id_check_required_before_access", idCheckRequiredBeforeAccess);
        notNull(validation, "void_overdue_enabled", voidOverdueEnabled);
        notNull(validation, "reserved_deal_follow_up_enabled", reservedDealFollowUpEnabled);
        if (dealLostDefaultReason != null && !dealLostDefaultReason.isNull()) {
            String reason = dealLostDefaultReason.value();
            validation.check(reason.isBlank(), "deal_lost_default_reason", FieldIssue.INVALID)
                    .maxLength("deal_lost_default_reason", reason, MAX_REASON_LENGTH);
        }
        if (publishedWebsiteUrls != null) {
            urls(validation, publishedWebsiteUrls.value());
        }
        if (reservationHoldDays != null) {
            // Every reservation needs a hold: there is no "none" to clear it to.
            validation.check(reservationHoldDays.isNull(), "reservation_hold_days", FieldIssue.REQUIRED)
                    .min("reservation_hold_days", reservationHoldDays.value(), MIN_HOLD_DAYS)
                    .max("reservation_hold_days", reservationHoldDays.value(), MAX_HOLD_DAYS);
        }
        if (refundableDepositMinor != null) {
            validation.min("refundable_deposit_minor", refundableDepositMinor.value(), 0)
                    .max("refundable_deposit_minor", refundableDepositMinor.value(), MAX_DEPOSIT_MINOR);
        }
        if (customerPortalUrl != null && !customerPortalUrl.isNull()) {
            url(validation, "customer_portal_url", customerPortalUrl.value());
        }
        if (notificationEmail != null && !notificationEmail.isNull()) {
            validation.check(!Emails.isPlausible(notificationEmail.value()), "notification_email",
                    FieldIssue.INVALID);
        }
        if (priceIncreaseNoticeDays != null) {
            // 0 is no notice (an operator whose customers agreed to that); there is no "none" to clear it to.
            validation.check(priceIncreaseNoticeDays.isNull(), "price_increase_notice_days", FieldIssue.REQUIRED)
                    .min("price_increase_notice_days", priceIncreaseNoticeDays.value(), 0)
                    .max("price_increase_notice_days", priceIncreaseNoticeDays.value(), MAX_NOTICE_DAYS);
        }
        validation.orThrow();
        return this;
    }

    private static void notNull(Validation validation, String field, Patch<Boolean> patch) {
        validation.check(patch != null && patch.isNull(), field, FieldIssue.INVALID);
    }

    private static void urls(Validation validation, List<String> urls) {
        String field = "published_website_urls";
        if (urls == null) {
            validation.add(field, FieldIssue.INVALID);
            return;
        }
        if (urls.size() > MAX_URLS) {
            validation.add(field, FieldIssue.ABOVE_MAXIMUM);
            return;
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < urls.size(); i++) {
            String element = field + "[" + i + "]";
            if (url(validation, element, urls.get(i)) && !seen.add(urls.get(i))) {
                validation.add(element, FieldIssue.DUPLICATE);
            }
        }
    }

    /** Records on {@code field} what is wrong with one of the operator's https URLs; true when nothing is. */
    private static boolean url(Validation validation, String field, String url) {
        if (url == null || url.isBlank()) {
            validation.add(field, FieldIssue.INVALID);
        } else if (url.length() > MAX_URL_LENGTH) {
            validation.add(field, FieldIssue.TOO_LONG);
        } else if (!isAbsoluteHttpsUrl(url)) {
            validation.add(field, FieldIssue.INVALID);
        } else {
            return true;
        }
        return false;
    }

    /** An absolute {@code https://} URL with a host and no user information. */
    static boolean isAbsoluteHttpsUrl(String text) {
        try {
            URI uri = new URI(text);
            return uri.getScheme() != null && uri.getScheme().toLowerCase(Locale.ROOT).equals("https")
                    && uri.getHost() != null && !uri.getHost().isEmpty() && uri.getRawUserInfo() == null;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    boolean isEmpty() {
        return onlineIdChecksEnabled == null && idCheckRequiredBeforeAccess == null && voidOverdueEnabled == null
                && dealLostDefaultReason == null && reservedDealFollowUpEnabled == null && publishedWebsiteUrls == null
                && reservationHoldDays == null && refundableDepositMinor == null && customerPortalUrl == null
                && notificationEmail == null && priceIncreaseNoticeDays == null;
    }

    /** The settings with this patch's fields changed and every other kept. */
    OperatorSettings applyTo(OperatorSettings current) {
        return new OperatorSettings(
                Patch.apply(onlineIdChecksEnabled, current.onlineIdChecksEnabled()),
                Patch.apply(idCheckRequiredBeforeAccess, current.idCheckRequiredBeforeAccess()),
                Patch.apply(voidOverdueEnabled, current.voidOverdueEnabled()),
                Patch.apply(dealLostDefaultReason, current.dealLostDefaultReason()),
                Patch.apply(reservedDealFollowUpEnabled, current.reservedDealFollowUpEnabled()),
                Patch.apply(publishedWebsiteUrls, current.publishedWebsiteUrls()),
                Patch.pick(reservationHoldDays, current.reservationHoldDays(), Math::toIntExact),
                Patch.apply(refundableDepositMinor, current.refundableDepositMinor()),
                Patch.apply(customerPortalUrl, current.customerPortalUrl()),
                Patch.pick(notificationEmail, current.notificationEmail(),
                        email -> email == null ? null : email.toLowerCase(Locale.ROOT)),
                Patch.pick(priceIncreaseNoticeDays, current.priceIncreaseNoticeDays(), Math::toIntExact));
    }
}
