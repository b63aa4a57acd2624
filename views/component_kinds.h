#pragma once
// The parts a planner can fail from the GUI, by the names QML uses: "chip", "host" (a tray of
// chips), "rack" (a TPU cube's rack, a GPU rack or an OCS rack), "ocs" (one optical circuit
// switch), "link" (one cable: ICI, optical, NVLink, host or DCN) and "powerRow". Names, index
// checks and the labels the failures list shows.
#include "topology/topology.h"

#include <QString>

#include <optional>

namespace podplanner::views {

std::optional<model::ComponentKind> componentKindNamed(const QString& name);
QString componentKindName(model::ComponentKind kind);
// Whether `index` names a part of that kind in this topology.
bool componentExists(const model::Topology& topology, model::ComponentKind kind, qint64 index);
// "Cube 3 of pod 0", "OCS rack 1 of pod 0", "Rack 4 of pod 0" (GPU), "Host 17", "OCS 5 of
// pod 1", ...: the one name of a part, used by the failures list, the context menu, the hover
// label and the undo entries alike.
QString componentLabel(const model::Topology* topology, const model::Component& component);
// A label inside a sentence ("Fail cube 3 of pod 0"): a capital that starts a word goes, an
// acronym stays ("Fail OCS rack 1 of pod 0").
QString inSentence(const QString& label);
// "chip 12", "host 3" or "switch 40123" for a vertex of the topology.
QString vertexLabel(const model::Topology& topology, std::int64_t vertex);
// The global indices of the OCS switches in an OCS rack (empty for other racks).
std::pair<qint64, qint64> ocsRangeOfRack(const model::Topology& topology, int rack);

} // namespace podplanner::views
