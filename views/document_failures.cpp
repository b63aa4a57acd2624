// What-if failures of ProjectDocument: failing and repairing parts, each one undo step. The
// engines rerun with the failure set on the worker thread like after any edit.
#include "component_kinds.h"
#include "edit_commands.h"
#include "project_document.h"

#include "analysis/project_analysis.h"

#include <algorithm>

namespace podplanner::views {

void ProjectDocument::setComponentFailed(const QString& kind, qint64 index, bool failed) {
    if (!project_ || !analysis_ || !analysis_->topology)
        return;
    const auto k = componentKindNamed(kind);
    if (!k || !componentExists(*analysis_->topology, *k, index) ||
        isComponentFailed(kind, index) == failed)
        return;
    auto after = failures_;
    if (failed)
        after.push_back({*k, index});
    else
        std::erase_if(after,
                      [&](const model::Component& c) { return c.kind == *k && c.index == index; });
    const QString what = componentLabel(analysis_->topology.get(), {*k, index});
    undo_.push(new FailureEditCommand(
        this, failed ? tr("Fail %1").arg(inSentence(what)) : tr("Repair %1").arg(inSentence(what)),
        failures_, std::move(after)));
}

bool ProjectDocument::isComponentFailed(const QString& kind, qint64 index) const {
    const auto k = componentKindNamed(kind);
    return k && std::any_of(failures_.begin(), failures_.end(), [&](const model::Component& c) {
               return c.kind == *k && c.index == index;
           });
}

QString ProjectDocument::componentName(const QString& kind, qint64 index) const {
    const auto k = componentKindNamed(kind);
    if (!k || !analysis_ || !analysis_->topology ||
        !componentExists(*analysis_->topology, *k, index))
        return {};
    return inSentence(componentLabel(analysis_->topology.get(), {*k, index}));
}

qint64 ProjectDocument::healthyOcsOfRack(int rack) const {
    if (!analysis_ || !analysis_->topology)
        return -1;
    const auto [first, end] = ocsRangeOfRack(*analysis_->topology, rack);
    for (qint64 o = first; o < end; ++o)
        if (!isComponentFailed(QStringLiteral("ocs"), o))
            return o;
    return -1;
}

QVariantList ProjectDocument::linksOfChip(qint64 chip) const {
    QVariantList out;
    if (!analysis_ || !analysis_->topology || chip < 0 || chip >= analysis_->topology->chipCount())
        return out;
    const model::Topology& t = *analysis_->topology;
    for (const std::int64_t link : t.linksOf(chip))
        out << QVariantMap{{"index", static_cast<qint64>(link)},
                           {"label", componentLabel(&t, {model::ComponentKind::Link, link})},
                           {"failed", isComponentFailed(QStringLiteral("link"), link)}};
    return out;
}

void ProjectDocument::repairAll() {
    if (!failures_.empty())
        undo_.push(new FailureEditCommand(this, tr("Repair everything"), failures_, {}));
}

} // namespace podplanner::views
