import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// After a crash: offers the newest autosaved project for restore (Restore opens it as unsaved
// changes to its original file; Discard deletes the recovery file).
Dialog {
    id: dialog
    property Autosaver autosave
    property ProjectDocument document
    readonly property var recovery: autosave && autosave.recoveries.length > 0 ? autosave.recoveries[0] : null
    signal restored(string original)

    objectName: "recoveryDialog"
    title: qsTr("Recover unsaved changes")
    modal: true
    width: 480
    ColumnLayout {
        anchors.fill: parent
        spacing: Theme.gapMedium
        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            text: dialog.recovery
                  ? qsTr("PodPlanner did not close cleanly. Unsaved changes to <b>%1</b> were autosaved at %2.")
                        .arg(dialog.recovery.original.length > 0 ? dialog.recovery.original : (dialog.recovery.name || qsTr("an untitled project")))
                        .arg(new Date(dialog.recovery.savedAt).toLocaleString(Qt.locale(), Locale.ShortFormat))
                  : ""
        }
        Label {
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            color: Theme.textMuted
            text: qsTr("Restore opens them as unsaved changes; Save then writes the original file.")
        }
    }
    footer: DialogButtonBox {
        Button {
            objectName: "restoreButton"
            text: qsTr("Restore")
            DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
        }
        Button {
            text: qsTr("Discard")
            DialogButtonBox.buttonRole: DialogButtonBox.DestructiveRole
        }
        Button {
            text: qsTr("Later")
            DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
        }
    }
    onAccepted: {
        const original = recovery.original
        if (autosave.restore(recovery.file))
            restored(original)
    }
    onDiscarded: {
        autosave.discard(recovery.file)
        close()
    }
}
