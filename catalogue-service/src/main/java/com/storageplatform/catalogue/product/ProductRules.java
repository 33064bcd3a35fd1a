package com.storageplatform.catalogue.product;

import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;

/**
 * The rules of a product, the same on create and update: {@link #check} judges the whole product as it would be
 * stored and records every problem on {@code v}, naming each field.
 */
final class ProductRules {

    static final int NAME_MAX = 200;
    static final int DESCRIPTION_MAX = 2000;
    static final int CODE_MAX = 64;
    static final int UNIT_LABEL_MAX = 50;
    /** 100 million in the major unit, in 1/10000: far above any retail price, far below overflow. */
    static final long UNIT_PRICE_E4_MAX = 1_000_000_000_000L;
    static final long STOCK_MAX = 1_000_000_000L;

    private ProductRules() {
    }

    static void check(Validation v, Product p) {
        v.require("name", p.name()).maxLength("name", p.name(), NAME_MAX)
                .maxLength("description", p.description(), DESCRIPTION_MAX)
                .maxLength("sku", p.sku(), CODE_MAX)
                .maxLength("accounting_code", p.accountingCode(), CODE_MAX);
        if (p.trackStock()) {
            v.require("stock_on_hand", p.stockOnHand()).min("stock_on_hand", p.stockOnHand(), 0)
                    .max("stock_on_hand", p.stockOnHand(), STOCK_MAX);
        } else {
            v.check(p.stockOnHand() != null, "stock_on_hand", FieldIssue.NOT_ALLOWED);
        }
        v.require("price_mode", p.priceMode()).oneOf("price_mode", p.priceMode(), Product.PRICE_MODES);
        if (Product.PER_UNIT.equals(p.priceMode())) {
            v.require("unit_label", p.unitLabel()).maxLength("unit_label", p.unitLabel(), UNIT_LABEL_MAX);
        } else if (Product.FIXED.equals(p.priceMode())) {
            v.check(p.unitLabel() != null, "unit_label", FieldIssue.NOT_ALLOWED);
        }
        v.require("unit_price_e4", p.unitPriceE4()).min("unit_price_e4", p.unitPriceE4(), 0).max("unit_price_e4", p.unitPriceE4(), UNIT_PRICE_E4_MAX)
                .require("currency", p.currency()).currency("currency", p.currency())
                .require("vat_treatment", p.vatTreatment())
                .oneOf("vat_treatment", p.vatTreatment(), Product.VAT_TREATMENTS)
                .min("standard_rate_above_per_day", p.standardRateAbovePerDay(), 0)
                .check(p.standardRateAbovePerDay() != null && Product.STANDARD_20.equals(p.vatTreatment()),
                        "standard_rate_above_per_day", FieldIssue.NOT_ALLOWED)
                .require("status", p.status()).oneOf("status", p.status(), Product.STATUSES);
    }
}
