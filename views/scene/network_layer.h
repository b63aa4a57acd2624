#pragma once
// The data-center network in front of the floor, in the physical view: each pod's DCN switch
// (with a GPU pod's spine switches between it and its racks), each site's router, and the WAN
// between sites as arcs high over the floor. Boxes to draw (with their tooltips) and lines.
#include "box_instancing.h"

#include <QString>
#include <QVector>

#include <functional>

namespace podplanner::model {
class Topology;
struct Rack;
} // namespace podplanner::model

namespace podplanner::views {

struct NetworkLayer {
    QVector<Box> boxes;
    QVector<QString> labels; // one per box
    QVector<QVector3D> lines;
    QVector<QColor> lineColors; // one per segment
};

NetworkLayer buildNetworkLayer(const model::Topology& topology,
                               const std::function<QVector3D(const model::Rack&)>& rackPosition);

inline const QColor kDcnSwitchColor("#5f6368"), kSiteRouterColor("#202124"),
    kDcnLinkColor("#9aa0a6"), kWanLinkColor("#1a73e8");

} // namespace podplanner::views
