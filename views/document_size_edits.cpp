// ProjectDocument edits that come from the Size dialog: a sized plan written into the project
// as one undo step, or, on another cluster, opened as a new unsaved project.
#include "project_document.h"

namespace podplanner::views {

bool ProjectDocument::applyProjectEdit(const QString& text, model::Project after) {
    if (!project_)
        return false;
    if (after.clusterSource != project_->clusterSource) {
        setError(
            tr("%1 was refused: it is on another cluster (open it as a new project)").arg(text));
        return false;
    }
    const std::string why = whyRefused(after, Check::Engines);
    if (!why.empty()) {
        setError(tr("%1 was refused: %2").arg(text, QString::fromStdString(why)));
        return false;
    }
    clearError();
    pushProject(text, std::make_shared<const model::Project>(std::move(after)));
    return true;
}

bool ProjectDocument::openUnsaved(model::Project project) {
    const std::string why = whyRefused(project, Check::Engines);
    if (!why.empty()) {
        setError(tr("The sized plan cannot be opened: %1").arg(QString::fromStdString(why)));
        return false;
    }
    adopt(std::make_shared<const model::Project>(std::move(project)), QString(), false);
    return true;
}

} // namespace podplanner::views
