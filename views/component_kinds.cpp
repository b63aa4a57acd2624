#include "component_kinds.h"

#include <QObject>

#include <array>

namespace podplanner::views {

namespace {
using model::ComponentKind;
const std::array<std::pair<const char*, ComponentKind>, 6> kNames = {
    {{"chip", ComponentKind::Chip},
     {"host", ComponentKind::Host},
     {"rack", ComponentKind::Rack},
     {"ocs", ComponentKind::Ocs},
     {"link", ComponentKind::Link},
     {"powerRow", ComponentKind::PowerRow}}};
} // namespace

QString vertexLabel(const model::Topology& t, std::int64_t vertex) {
    if (vertex < t.chipCount())
        return QObject::tr("chip %1").arg(vertex);
    const std::int64_t hostEnd = t.chipCount() + t.vertexCount(model::VertexKind::Host);
    if (vertex < hostEnd)
        return QObject::tr("host %1").arg(vertex - t.chipCount());
    return QObject::tr("switch %1").arg(vertex);
}

std::optional<ComponentKind> componentKindNamed(const QString& name) {
    for (const auto& [text, kind] : kNames)
        if (name == QLatin1String(text))
            return kind;
    return std::nullopt;
}

QString componentKindName(ComponentKind kind) {
    for (const auto& [text, k] : kNames)
        if (k == kind)
            return QString::fromLatin1(text);
    return QStringLiteral("other");
}

bool componentExists(const model::Topology& t, ComponentKind kind, qint64 index) {
    if (index < 0)
        return false;
    switch (kind) {
    case ComponentKind::Chip:
        return index < t.chipCount();
    case ComponentKind::Host:
        return index < t.vertexCount(model::VertexKind::Host);
    case ComponentKind::Rack:
        return index < static_cast<qint64>(t.floor().racks.size());
    case ComponentKind::Ocs:
        return index < t.ocsCountPerPod() * t.cluster().podCount();
    case ComponentKind::Link:
        return index < t.linkCount();
    case ComponentKind::PowerRow:
        return index < t.floor().powerRows;
    default:
        return false;
    }
}

std::pair<qint64, qint64> ocsRangeOfRack(const model::Topology& t, int rack) {
    const auto& racks = t.floor().racks;
    if (rack < 0 || rack >= static_cast<int>(racks.size()) ||
        racks[static_cast<std::size_t>(rack)].kind != model::RackKind::Ocs)
        return {0, 0};
    const model::Rack& r = racks[static_cast<std::size_t>(rack)];
    // OCS o of a pod sits in the pod's OCS rack o / ocsPerRack (topology.cpp).
    const qint64 perRack = t.cluster().pod.floor.ocsPerRack;
    const qint64 first = r.pod * t.ocsCountPerPod() + r.indexInPod * perRack;
    const qint64 end = std::min<qint64>(first + perRack, (r.pod + 1) * t.ocsCountPerPod());
    return {first, end};
}

QString componentLabel(const model::Topology* t, const model::Component& c) {
    switch (c.kind) {
    case ComponentKind::Chip:
        return QObject::tr("Chip %1").arg(c.index);
    case ComponentKind::Host:
        return QObject::tr("Host %1").arg(c.index);
    case ComponentKind::Rack:
        if (t && componentExists(*t, c.kind, c.index)) {
            const auto& rack = t->floor().racks[static_cast<std::size_t>(c.index)];
            if (rack.kind == model::RackKind::Ocs)
                return QObject::tr("OCS rack %1 of pod %2").arg(rack.indexInPod).arg(rack.pod);
            if (t->cluster().pod.kind == model::PodKind::Tpu3d)
                return QObject::tr("Cube %1 of pod %2").arg(rack.indexInPod).arg(rack.pod);
            return QObject::tr("Rack %1 of pod %2").arg(rack.indexInPod).arg(rack.pod);
        }
        return QObject::tr("Rack %1").arg(c.index);
    case ComponentKind::Ocs:
        if (t && t->ocsCountPerPod() > 0)
            return QObject::tr("OCS %1 of pod %2")
                .arg(c.index % t->ocsCountPerPod())
                .arg(c.index / t->ocsCountPerPod());
        return QObject::tr("OCS %1").arg(c.index);
    case ComponentKind::Link:
        if (t && componentExists(*t, c.kind, c.index)) {
            const auto link = t->link(c.index);
            return QObject::tr("%1 link %2 (%3 – %4)")
                .arg(QString::fromLatin1(model::linkKindName(link.kind)))
                .arg(c.index)
                .arg(vertexLabel(*t, link.a), vertexLabel(*t, link.b));
        }
        return QObject::tr("Link %1").arg(c.index);
    case ComponentKind::PowerRow:
        return QObject::tr("Power row %1").arg(c.index);
    default:
        return QObject::tr("Component %1").arg(c.index);
    }
}

QString inSentence(const QString& label) {
    // "Cube 3 of pod 0" -> "cube 3 of pod 0"; "OCS rack 1 of pod 0" keeps its capitals.
    if (label.size() > 1 && label[0].isUpper() && label[1].isLower())
        return label[0].toLower() + label.mid(1);
    return label;
}

} // namespace podplanner::views
