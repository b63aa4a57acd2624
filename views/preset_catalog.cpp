#include "preset_catalog.h"

#include "presets/presets.h"

namespace podplanner::views {

QVariantList PresetCatalog::clusters() {
    QVariantList out;
    for (const auto& c : model::builtinClusters())
        out << QVariantMap{{"id", QString::fromStdString(c.id)},
                           {"name", QString::fromStdString(c.name)},
                           {"kind", QString::fromStdString(c.kind)},
                           {"chip", QString::fromStdString(c.chip)},
                           {"chips", static_cast<qint64>(c.chips)}};
    return out;
}

QVariantList PresetCatalog::models() {
    QVariantList out;
    for (const auto& m : model::builtinModels())
        out << QVariantMap{{"id", QString::fromStdString(m.id)},
                           {"name", QString::fromStdString(m.name)},
                           {"source", QString::fromStdString(m.source)}};
    return out;
}

} // namespace podplanner::views
