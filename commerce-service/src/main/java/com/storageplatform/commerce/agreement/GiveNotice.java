package com.storageplatform.commerce.agreement;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/agreements/{id}/give-notice}.
 *
 * @param endDate the last day of the licence ({@code YYYY-MM-DD}), not before today in the site's time zone
 */
@Schema(requiredProperties = {"end_date"})
record GiveNotice(String endDate) {
}
