package com.storageplatform.commerce.internal;

import com.storageplatform.kit.inbox.EventData;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * A unit as the catalogue last described it. {@code status} is the status it shows; {@code archived} and
 * {@code out_of_service} are the operator's and make it unbookable whatever commerce holds ({@code reserved} and
 * {@code occupied} come from commerce's own events and are not judged here: {@code unit_holds} is the truth).
 */
public record CatalogueUnit(UUID id, UUID siteId, UUID unitTypeId, String name, String status) {

    public static final String ARCHIVED = "archived";
    public static final String OUT_OF_SERVICE = "out_of_service";

    static CatalogueUnit of(JsonNode data) {
        return new CatalogueUnit(EventData.id(data, "id"), EventData.id(data, "site_id"),
                EventData.id(data, "unit_type_id"), EventData.text(data, "name"), EventData.text(data, "status"));
    }

    /** The operator has taken it out of use: archived or out of service. */
    public boolean outOfUse() {
        return ARCHIVED.equals(status) || OUT_OF_SERVICE.equals(status);
    }

    /** 409 {@code conflict} saying the operator archived the unit or took it out of service. */
    public com.storageplatform.kit.web.ApiException outOfUseConflict(String verb) {
        return com.storageplatform.kit.web.ApiException.conflict("Unit " + name + " is "
                + (ARCHIVED.equals(status) ? "archived" : "out of service") + ": it cannot be " + verb + ".");
    }
}
