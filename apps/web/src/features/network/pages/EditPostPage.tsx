import { PostEditorPage } from './WritePostPage';

/** /edit-post/{postId}: edit one of my posts (see WritePostPage). */
export default function EditPostPage() {
  return <PostEditorPage mode="edit" />;
}
