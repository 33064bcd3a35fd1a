package com.storageplatform.catalogue.site;

import com.storageplatform.kit.web.Patch;
import java.util.List;

/**
 * The body of {@code PATCH /v1/sites/{id}}: a field left out stays as it is, a field sent as {@code null}
 * clears it (the kit's {@link Patch}). {@code address} merges: only its parts that were sent change.
 */
record SiteChanges(Patch<String> name, Patch<String> description, Patch<String> timezone, Patch<String> status,
        Patch<List<String>> amenities, Patch<AddressChanges> address, Patch<String> phone, Patch<String> email) {

    record AddressChanges(Patch<String> line1, Patch<String> line2, Patch<String> city, Patch<String> postcode,
            Patch<String> country) {

        /** {@code current} (null when there is no address yet) with the parts that were sent replaced. */
        Site.Address applyTo(Site.Address current) {
            Site.Address base = current == null ? new Site.Address(null, null, null, null, null) : current;
            return new Site.Address(
                    Patch.apply(line1, base.line1()),
                    Patch.apply(line2, base.line2()),
                    Patch.apply(city, base.city()),
                    Patch.apply(postcode, base.postcode()),
                    Patch.apply(country, base.country()));
        }
    }
}
